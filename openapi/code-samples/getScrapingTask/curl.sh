# TASK_ID: the task_id an extraction answered with
curl -sS --fail-with-body -H "Authorization: Bearer $API_KEY" \
  "http://localhost:3000/v1/scraping/tasks/$TASK_ID"
