import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

response = requests.get(f"{API}/v1/api-keys", params={"per_page": 20}, headers=HEADERS)
response.raise_for_status()
for key in response.json()["items"]:
    print(key["id"], key["name"] or "(no name)", "revoked" if key["revoked_at"] else "active")
