import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

list_id = os.environ["LIST_ID"]  # a list's id (GET /v1/lists)
lead_id = os.environ["LEAD_ID"]  # a lead's id (GET /v1/lists/{id}/leads)
response = requests.patch(
    f"{API}/v1/lists/{list_id}/leads/{lead_id}",
    json={"statut": "contacte", "note": "Rappeler jeudi"},
    headers=HEADERS,
)
response.raise_for_status()
lead = response.json()
print(lead["entreprise"]["nom"], lead["statut"], lead["note"])
