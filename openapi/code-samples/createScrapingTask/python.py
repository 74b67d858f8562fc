import uuid
import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

# 202 at once: the task is queued. only_new leaves out the companies already bought.
response = requests.post(
    f"{API}/v1/scraping/tasks",
    json={"secteur": "BTP", "wilaya": "Alger", "max_results": 10, "only_new": True},
    headers={**HEADERS, "Idempotency-Key": str(uuid.uuid4())},
)
response.raise_for_status()
task = response.json()
print(f"task {task['task_id']} {task['status']}: poll {API}{response.headers['Location']}")
