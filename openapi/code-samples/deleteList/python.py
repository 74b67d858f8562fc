import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

list_id = os.environ["LIST_ID"]  # a list's id (GET /v1/lists)
response = requests.delete(f"{API}/v1/lists/{list_id}", headers=HEADERS)
response.raise_for_status()
print("deleted", list_id, response.status_code)
