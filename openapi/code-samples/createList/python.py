import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

response = requests.post(
    f"{API}/v1/lists",
    json={"nom": "BTP Alger", "description": "Entreprises du BTP à relancer"},
    headers=HEADERS,
)
response.raise_for_status()
print("created list", response.json()["id"])
