import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

response = requests.get(f"{API}/v1/entreprises/facets", params={"query": "numidia", "score_min": 50}, headers=HEADERS)
response.raise_for_status()
facets = response.json()
print(facets["total"], "matches")
for wilaya in facets["wilayas"]:
    print(wilaya["code"], wilaya["nom"], wilaya["count"])
