import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

task_id = os.environ["TASK_ID"]  # the task_id an extraction answered with
response = requests.get(f"{API}/v1/scraping/tasks/{task_id}", headers=HEADERS)
response.raise_for_status()
task = response.json()
if task["status"] in ("completed", "failed"):
    print(task["status"], task["results_found"], "companies", task["credits_used"], "credits")
else:  # queued, running (with its progress) or cancelled
    print(task["status"], task.get("progress", ""))
