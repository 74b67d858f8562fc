# TASK_TO_CANCEL: a task still queued or running (an ended one answers 409)
curl -sS --fail-with-body -X POST -H "Authorization: Bearer $API_KEY" \
  "http://localhost:3000/v1/scraping/tasks/$TASK_TO_CANCEL/cancel"
