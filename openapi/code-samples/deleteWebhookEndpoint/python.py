import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

endpoint_id = os.environ["WEBHOOK_ID"]  # an endpoint's id (GET /v1/webhook-endpoints)
response = requests.delete(f"{API}/v1/webhook-endpoints/{endpoint_id}", headers=HEADERS)
response.raise_for_status()
print("deleted", endpoint_id, response.status_code)
