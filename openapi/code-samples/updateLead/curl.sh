# LEAD_ID: a lead's id (GET /v1/lists/$LIST_ID/leads)
curl -sS --fail-with-body -X PATCH -H "Authorization: Bearer $API_KEY" \
  -H "Content-Type: application/json" \
  -d '{"statut": "contacte", "note": "Rappeler jeudi"}' \
  "http://localhost:3000/v1/lists/$LIST_ID/leads/$LEAD_ID"
