import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

response = requests.get(f"{API}/v1/secteurs", headers=HEADERS)
response.raise_for_status()
for secteur in response.json()["items"]:
    print(secteur["id"], secteur["nom"])
