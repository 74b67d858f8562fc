import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

list_id = os.environ["LIST_ID"]  # a list's id (GET /v1/lists)
entreprise_id = os.environ["ENTREPRISE_ID"]  # a company's id, from a search
response = requests.post(
    f"{API}/v1/lists/{list_id}/leads/single",
    json={"entreprise_id": entreprise_id, "statut": "contacte", "note": "Vu au salon Batimatec"},
    headers=HEADERS,
)
response.raise_for_status()
lead = response.json()
print("added lead", lead["id"], lead["statut"])
