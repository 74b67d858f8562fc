curl -sS --fail-with-body -X POST -H "Authorization: Bearer $API_KEY" \
  -H "Content-Type: application/json" \
  -H "Idempotency-Key: $(cat /proc/sys/kernel/random/uuid)" \
  -d '{"secteur": "BTP", "wilaya": "Alger", "max_results": 10}' \
  http://localhost:3000/v1/scraping/run
