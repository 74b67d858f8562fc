import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

list_id = os.environ["LIST_ID"]  # a list's id (GET /v1/lists)
response = requests.get(f"{API}/v1/lists/{list_id}/export", headers=HEADERS)
response.raise_for_status()
with open("leads.csv", "wb") as f:  # UTF-8 with a BOM: opens as is in a spreadsheet
    f.write(response.content)
