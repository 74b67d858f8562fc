import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

list_id = os.environ["LIST_ID"]  # a list's id (GET /v1/lists)
response = requests.get(f"{API}/v1/lists/{list_id}", headers=HEADERS)
response.raise_for_status()
lst = response.json()
print(lst["nom"], f"{lst['leads_count']} leads; the latest:")
for lead in lst["leads"]:
    print("  ", lead["entreprise"]["nom"], lead["statut"])
