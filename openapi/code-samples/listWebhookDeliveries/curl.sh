curl -sS --fail-with-body -H "Authorization: Bearer $API_KEY" \
  "http://localhost:3000/v1/webhook-endpoints/$WEBHOOK_ID/deliveries?per_page=20"
