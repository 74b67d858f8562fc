import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

response = requests.post(
    f"{API}/v1/webhook-endpoints",
    json={"url": "https://crm.example.dz/hooks/prospecting", "events": ["scraping.task.completed", "credits.balance_low"]},
    headers=HEADERS,
)
response.raise_for_status()
endpoint = response.json()
# Shown only this once: keep it to verify each delivery's webhook-signature.
print("created endpoint", endpoint["id"], "secret", endpoint["secret"])
