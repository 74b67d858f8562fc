import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

list_id = os.environ["LIST_ID"]  # a list's id (GET /v1/lists)
entreprise_id = os.environ["ENTREPRISE_ID"]  # a company's id, from a search
# One company (201); {"entreprise_ids": [...]} or {"task_id": ...} add several at once (200).
response = requests.post(
    f"{API}/v1/lists/{list_id}/leads",
    json={"entreprise_id": entreprise_id, "note": "Vu au salon Batimatec"},
    headers=HEADERS,
)
response.raise_for_status()
print("added lead", response.json()["id"])
