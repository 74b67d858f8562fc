import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

response = requests.get(f"{API}/v1/me", headers=HEADERS)
response.raise_for_status()
me = response.json()
print(f"{me['name']} ({me['plan']['id']}): {me['credit_balance']} credits")
