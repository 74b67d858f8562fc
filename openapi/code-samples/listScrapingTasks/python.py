import os

import requests

API = "http://localhost:3000"
HEADERS = {"Authorization": f"Bearer {os.environ['API_KEY']}"}

response = requests.get(f"{API}/v1/scraping/tasks", params={"status": "completed", "per_page": 10}, headers=HEADERS)
response.raise_for_status()
page = response.json()
print(f"{page['total']} completed tasks")
for task in page["items"]:
    print(task["created_at"], task["task_id"], task["secteur"], task["wilaya"], task.get("credits_used", 0), "credits")
