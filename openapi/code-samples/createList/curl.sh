curl -sS --fail-with-body -X POST -H "Authorization: Bearer $API_KEY" \
  -H "Content-Type: application/json" \
  -d '{"nom": "BTP Alger", "description": "Entreprises du BTP à relancer"}' \
  http://localhost:3000/v1/lists
