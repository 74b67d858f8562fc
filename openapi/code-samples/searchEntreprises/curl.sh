curl -sS --fail-with-body -H "Authorization: Bearer $API_KEY" \
  "http://localhost:3000/v1/entreprises?query=numidia&wilayas=16&wilayas=31&score_min=50&per_page=5"
