import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

response = requests.get(f"{API}/v1/credits/ledger", params={"per_page": 20}, headers=HEADERS)
response.raise_for_status()
for entry in response.json()["items"]:
    print(entry["created_at"], entry["amount"], entry["balance_after"], entry["reason"], entry["task_id"] or "")
