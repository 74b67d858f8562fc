import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

task_id = os.environ["TASK_TO_CANCEL"]  # a task still queued or running (an ended one answers 409)
response = requests.post(f"{API}/v1/scraping/tasks/{task_id}/cancel", headers=HEADERS)
response.raise_for_status()
print(response.json()["status"])  # cancelled: nothing is charged
