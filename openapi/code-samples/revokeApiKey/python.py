import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

key_id = os.environ["KEY_ID"]  # the id of the key to revoke (GET /v1/api-keys lists them)
response = requests.delete(f"{API}/v1/api-keys/{key_id}", headers=HEADERS)
response.raise_for_status()
print(response.json()["id"], "revoked at", response.json()["revoked_at"])
