import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

response = requests.get(f"{API}/v1/lists", params={"per_page": 20}, headers=HEADERS)
response.raise_for_status()
for lst in response.json()["items"]:
    print(lst["id"], lst["nom"], lst["leads_count"], "leads")
