import uuid
import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

# Keep the Idempotency-Key to retry safely: the same key and body never run or charge twice.
response = requests.post(
    f"{API}/v1/scraping/run",
    json={"secteur": "BTP", "wilaya": "Alger", "max_results": 10},
    headers={**HEADERS, "Idempotency-Key": str(uuid.uuid4())},
)
response.raise_for_status()
task = response.json()
print(f"task {task['task_id']}: {task['results_found']} companies, {task['credits_used']} credits, {task['credit_balance']} left")
for company in task["entreprises"]:
    print(company["nom"], company["telephone"] or "-", company["email"] or "-")
