import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

response = requests.get(f"{API}/v1/wilayas", headers=HEADERS)
response.raise_for_status()
for wilaya in response.json()["items"]:
    print(wilaya["code"], wilaya["nom"], wilaya["nom_ar"])
