import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

endpoint_id = os.environ["WEBHOOK_ID"]  # an endpoint's id (GET /v1/webhook-endpoints)
response = requests.get(f"{API}/v1/webhook-endpoints/{endpoint_id}/deliveries", params={"per_page": 20}, headers=HEADERS)
response.raise_for_status()
for d in response.json()["items"]:
    print(d["id"], d["event_type"], d["status"], len(d["attempts"]), "attempt(s)", d["next_attempt_at"] or "")
