import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

entreprise_id = os.environ["ENTREPRISE_ID"]  # a company's id, from a search
response = requests.get(f"{API}/v1/entreprises/{entreprise_id}", headers=HEADERS)
response.raise_for_status()
company = response.json()
print(company["nom"], company["wilaya"], company["secteur"])
for source in company["provenance"]:
    print("  from", source["type"], source["source"] or "", source["last_seen_at"])
