import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

response = requests.post(f"{API}/v1/api-keys", json={"name": "CRM sync", "expires_in_days": 90}, headers=HEADERS)
response.raise_for_status()
created = response.json()
# The key itself is shown only in this answer: store it now.
print(created["id"], created["api_key"])
