import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

list_id = os.environ["LIST_ID"]  # a list's id (GET /v1/lists)
params = {"statut": ["nouveau", "contacte"], "per_page": 50}
response = requests.get(f"{API}/v1/lists/{list_id}/leads", params=params, headers=HEADERS)
response.raise_for_status()
for lead in response.json()["items"]:
    print(lead["id"], lead["entreprise"]["nom"], lead["statut"], lead["note"] or "")
