curl -sS --fail-with-body -X POST -H "Authorization: Bearer $API_KEY" \
  -H "Content-Type: application/json" \
  -d "{\"entreprise_id\": \"$ENTREPRISE_ID\", \"statut\": \"contacte\", \"note\": \"Vu au salon Batimatec\"}" \
  "http://localhost:3000/v1/lists/$LIST_ID/leads/single"
