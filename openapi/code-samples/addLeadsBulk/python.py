import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

list_id = os.environ["LIST_ID"]  # a list's id (GET /v1/lists)
# The ids of a page of search results; {"task_id": ...} adds an extraction's companies instead.
search = requests.get(f"{API}/v1/entreprises", params={"query": "numidia", "per_page": 5}, headers=HEADERS)
search.raise_for_status()
ids = [c["id"] for c in search.json()["items"]]
response = requests.post(f"{API}/v1/lists/{list_id}/leads/bulk", json={"entreprise_ids": ids}, headers=HEADERS)
response.raise_for_status()
result = response.json()
print(len(result["added"]), "added,", len(result["already_present"]), "already there")
