import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

response = requests.get(f"{API}/v1/me", headers=HEADERS)
response.raise_for_status()
me = response.json()
# mode is "test" with a test key (pk_test_...): its extractions are free.
print(f"{me['name']} ({me['plan']['id']}, {me['mode']} mode): {me['credit_balance']} credits")
