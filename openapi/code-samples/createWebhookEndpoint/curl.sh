curl -sS --fail-with-body -X POST -H "Authorization: Bearer $API_KEY" \
  -H "Content-Type: application/json" \
  -d '{"url": "https://crm.example.dz/hooks/prospecting", "events": ["scraping.task.completed", "credits.balance_low"]}' \
  http://localhost:3000/v1/webhook-endpoints
