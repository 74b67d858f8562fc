import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

# Every match, 50 a page, by name, walked with the cursor each page gives (None after the last).
params = {"query": "numidia", "wilayas": [16, 31], "score_min": 50, "sort": "nom", "per_page": 50}
while True:
    response = requests.get(f"{API}/v1/entreprises", params=params, headers=HEADERS)
    response.raise_for_status()
    page = response.json()
    for company in page["items"]:
        print(company["nom"], company["wilaya"], company["telephone"] or "-", company["email"] or "-")
    if page["next_cursor"] is None:
        break
    params["cursor"] = page["next_cursor"]
