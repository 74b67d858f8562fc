import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

response = requests.get(f"{API}/v1/webhook-endpoints", params={"per_page": 20}, headers=HEADERS)
response.raise_for_status()
print(response.json()["total"], "endpoint(s)")
for endpoint in response.json()["items"]:
    print(endpoint["id"], endpoint["url"], ",".join(endpoint["events"]))
