/**
 * GENERATED FILE - DO NOT EDIT.
 * Source: openapi/v1.yaml. Regenerate with `npm run generate`;
 * `npm run generate:check` fails when this file is stale.
 */

export interface paths {
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the calling account
         * @description Returns the account that owns the API key: its plan, the limits that plan
         *     sets and the credit balance left. Costs no credit.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credits/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's credit movements
         * @description Every movement of the calling account's credit balance, newest first, page by page
         *     (`page`, `per_page`, `total`, `pages`, `items`, as the other lists): grants written by
         *     the operator (`amount` > 0) and charges for extractions (`amount` < 0, `task_id` names
         *     the extraction task that was billed). `balance_after` is the balance once the movement
         *     was applied, so the newest entry's `balance_after` is the balance `GET /v1/me` shows,
         *     and the balance always equals the sum of every `amount`. An extraction that charges
         *     nothing (no billable company, or a replay of the same `Idempotency-Key`) writes no
         *     entry. Free.
         */
        get: operations["listCreditLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's API keys
         * @description Lists the API keys of the calling account, newest first, including revoked
         *     ones. The secret key itself is only ever shown once, when it is created.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Creates a new API key for the calling account. The response is the only
         *     time the secret `api_key` is shown: store it safely.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Revokes one of the calling account's API keys. A revoked key is refused on
         *     its next request. Revoking a key that is already revoked changes nothing and
         *     answers the same.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/entreprises": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the company database
         * @description Searches the company database, page by page. Free: searching never changes the
         *     credit balance. Every filter is optional and they combine with AND:
         *
         *     - `query`: every word must appear in the company's name or activity, ignoring case
         *       and accents; a word may match inside a longer word (`info` finds `Informatique`).
         *     - `wilayas`: wilaya codes (see `GET /v1/wilayas`), repeated: `?wilayas=16&wilayas=31`.
         *     - `secteurs`: sector names (see `GET /v1/secteurs`), repeated, matched ignoring case
         *       and accents: `?secteurs=BTP&secteurs=sante`.
         *     - `score_min`: the lowest quality score, inclusive.
         *
         *     Results are ordered by `sort`: by default `score_qualite` descending, then by name
         *     (ignoring case and accents), then by `id`; `nom` orders by name, then `id`;
         *     `-updated_at` puts the most recently written companies first, then by `id`. Every
         *     order is total (ties broken by `id`), so walking the pages returns each match exactly
         *     once while the data does not change. `total` is exact. A page past the end answers
         *     200 with no items.
         *
         *     Two ways to walk the results: `page` (any page, at once), or `cursor`, the
         *     `next_cursor` of the previous answer (keyset paging). A cursor is the way to walk deep
         *     or while data is written: it continues just after the last row it was given, so a
         *     company written meanwhile elsewhere in the order neither repeats a row nor skips one.
         *     A cursor belongs to its search (same filters and `sort`; `per_page` may change) and
         *     cannot be combined with `page`. `next_cursor` is null after the last match.
         */
        get: operations["searchEntreprises"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/entreprises/facets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Count the matches per wilaya, sector and score band
         * @description The same filters as `GET /v1/entreprises`, and instead of a page, how the matches
         *     divide: `total`, the count per wilaya, per sector (`null`: companies without a known
         *     sector) and per score band (0-49, 50-69, 70-89, 90-100), all exact and over the same
         *     matches as the search's `total`, for filter menus that show how many results each
         *     choice would give. Wilayas and sectors are listed only where the count is not zero,
         *     the largest first; the four score bands are always listed. Free.
         */
        get: operations["getEntrepriseFacets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/entreprises/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a company of the database (`id` in search results, extraction results and leads). */
                id: components["parameters"]["EntrepriseId"];
            };
            cookie?: never;
        };
        /**
         * Read a company
         * @description Returns one company of the database by its `id` (as search results, extraction results
         *     and leads give it), with its provenance: where the record comes from and when it was
         *     first and last seen. An id no company has answers 404 `resource_not_found`. Free.
         */
        get: operations["getEntreprise"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wilayas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the wilayas
         * @description The 58 wilayas with their codes 1-58, and the 11 created by the 2025 law (codes 59-69),
         *     which stay `provisional` and are searched as their `parent_code` wilaya until they take
         *     effect. Use `code` in the `wilayas` filter of the search. Free.
         */
        get: operations["listWilayas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/secteurs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the activity sectors
         * @description The curated activity sectors. Use `nom` (or `id`) in the `secteurs` filter of the
         *     search. Free.
         */
        get: operations["listSecteurs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scraping/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a live extraction
         * @description Searches the configured web business directories for companies of a sector in a
         *     wilaya, live, and answers when the run is over (at most about 20 seconds: slow or dead
         *     directories are cut off, and every directory is read politely: robots.txt obeyed, at
         *     most 2 requests at a time per host).
         *
         *     Companies found on several pages or directories are merged (same phone, same e-mail,
         *     or same name in the same wilaya), keeping every contact found. They are added to the
         *     company database, so they become searchable.
         *
         *     **Billing**: 1 credit per unique company returned that has an e-mail or a phone;
         *     companies without any contact are free. With a balance of zero the answer is 402
         *     before anything is fetched. When the balance pays for fewer companies than were found,
         *     only as many billable companies as it pays for are returned (the free ones too), and
         *     `truncated` says so. The balance change, its ledger row, the task and the companies are
         *     written together, or not at all. When every directory fails, the answer is 502,
         *     nothing is charged and the task is kept as failed.
         *
         *     **Concurrency**: an account runs at most its plan's `max_concurrent_extractions`
         *     extractions at once (`GET /v1/me`, `limits`), its background tasks
         *     (`POST /v1/scraping/tasks`) running or about to run included; past it the answer is 429
         *     `too_many_running_extractions` with `Retry-After` (seconds until the first running one
         *     should end), before anything is fetched or charged. Directories are shared fairly: a
         *     directory's request slots go to the accounts waiting for it in turn, so another
         *     account's extractions never hold yours back by more than one page per directory.
         *
         *     **Retries**: send an `Idempotency-Key`. Replaying the same key with the same body
         *     within 24 hours returns the stored answer (same `task_id`) without fetching or charging
         *     again; the same key with another body answers 422; a replay that arrives while the
         *     first request is still running answers 409. If the server running the first request
         *     stops before answering, nothing of it is charged and the same key runs again (at once
         *     after an orderly restart; if the server was killed, once the run's deadline plus 30
         *     seconds have passed since the first request, 50 seconds with the defaults).
         */
        post: operations["runScraping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scraping/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's extraction tasks
         * @description The calling account's tasks, those submitted with `POST /v1/scraping/tasks` and those
         *     run with `POST /v1/scraping/run`, newest first, page by page (`page`, `per_page`,
         *     `total`, `pages`, `items`, as the other lists), optionally only those in one `status`.
         *     Each item is a summary; its companies are read with `GET /v1/scraping/tasks/{task_id}`.
         *     Free.
         */
        get: operations["listScrapingTasks"];
        put?: never;
        /**
         * Submit an extraction as a task
         * @description The extraction of `POST /v1/scraping/run` (same body, same directories, same billing
         *     rule), run in the background: answers `202` at once with the task, `queued`, and its
         *     address in `Location`. Read it with `GET /v1/scraping/tasks/{task_id}` until it is
         *     `completed` (the same fields as the answer of `POST /v1/scraping/run`), `failed` or
         *     `cancelled`; see `ScrapingTaskStatus` for the states and transitions.
         *
         *     **Billing**: with a balance of zero the answer is 402 and no task is made. Nothing is
         *     charged at submission: the task is charged when it completes, 1 credit per company
         *     returned with an e-mail or a phone, up to the balance then (`truncated` says when it
         *     paid for fewer), in the same transaction that marks it completed and writes its
         *     companies. A failed or cancelled task charges nothing. A task whose worker stopped (a
         *     crash, a restart) is taken up again and charged once.
         *
         *     **only_new**: with `only_new: true`, companies this account was already billed for
         *     (by any extraction) are neither returned nor billed; the run reads further to fill
         *     `max_results`, and `skipped_known` says how many were left out.
         *
         *     **Retries**: with an `Idempotency-Key`, submitting the same body again within 24
         *     hours answers the same task (`Idempotent-Replayed: true`) without making another; the
         *     same key with another body answers 422.
         *
         *     **Concurrency**: the plan's `max_concurrent_extractions` (`GET /v1/me`, `limits`)
         *     applies to tasks as the number running at once, counted together with the account's
         *     `POST /v1/scraping/run` extractions under way. A task submitted past it is not refused:
         *     it is accepted (`202`) and waits `queued`, in the order submitted, until one of the
         *     account's extractions ends; there is no limit on how many wait. While the account's
         *     tasks take every place, `POST /v1/scraping/run` answers 429
         *     `too_many_running_extractions`. Tasks are run by the server's workers (`TASK_CONCURRENCY`
         *     at a time per instance), which take turns between accounts: one account's many tasks
         *     never hold another account's task back by more than its plan's number of tasks.
         */
        post: operations["createScrapingTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scraping/tasks/{task_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an extraction task
         * @description Returns a task of the calling account. A task of `POST /v1/scraping/run`, and a task of
         *     `POST /v1/scraping/tasks` once `completed` or `failed`, reads as a `ScrapingTask`, as it
         *     was answered (the same fields as `POST /v1/scraping/run`). A task of
         *     `POST /v1/scraping/tasks` still `queued`, `running` (with its `progress`) or
         *     `cancelled` reads as a `ScrapingTaskPending`; see `ScrapingTaskStatus` for the states
         *     and transitions. Another account's task answers 404. Free.
         */
        get: operations["getScrapingTask"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scraping/tasks/{task_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an extraction task
         * @description Cancels a `queued` or `running` task: it becomes `cancelled` at once, nothing is
         *     charged for it and none of its companies is written (a running one stops reading its
         *     directories). A task that has ended (`completed`, `failed`, `cancelled`) answers 409
         *     `task_not_cancellable`; another account's task answers 404. Free.
         */
        post: operations["cancelScrapingTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's webhook endpoints
         * @description The calling account's webhook endpoints, newest first, page by page. The signing
         *     secret is only shown when an endpoint is created. Free.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Registers a URL to be called when the events listed in `events` happen to the calling
         *     account (see the Webhooks section for each event's payload). The answer holds the
         *     endpoint's signing secret (`whsec_...`): it is shown only this once, store it to verify
         *     the `webhook-signature` of each delivery (Standard Webhooks: base64 HMAC-SHA256 of
         *     `webhook-id.webhook-timestamp.body` with the secret's bytes, after `v1,`).
         *
         *     The URL must be `http` or `https` and must not point at a private, loopback or
         *     link-local address (checked here and again, after DNS resolution, on every delivery;
         *     redirects are not followed). An account has at most 10 endpoints. Free.
         *
         *     Deliveries are at least once: an event is sent within about a second of what caused it
         *     (it exists only if that committed), a non-2xx answer or a timeout is retried with
         *     exponential backoff for about a day, and an attempt cut short by a server stopping
         *     (a crash) is made again. Every attempt of an event carries the same `webhook-id`:
         *     deduplicate on it.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a webhook endpoint of the calling account. */
                id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deletes one of the calling account's webhook endpoints: no delivery is attempted to it
         *     any more, its pending ones included. Another account's endpoint answers 404. Free.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a webhook endpoint of the calling account. */
                id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        /**
         * List an endpoint's deliveries
         * @description The deliveries made or to be made to one of the calling account's endpoints, newest
         *     first, page by page: the event, its status (`pending` while attempts remain,
         *     `succeeded` once the endpoint answered 2xx, `failed` once every attempt failed), each
         *     attempt's time and HTTP status code (or error), and the next attempt's time. A delivery
         *     is retried on a non-2xx answer or a timeout (10 s), with growing delays (5 s, 5 min,
         *     30 min, 2 h, 5 h, 10 h, 10 h: about a day and a quarter in all), always with the same
         *     `webhook-id`. Another account's endpoint answers 404. Free.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's prospecting lists
         * @description Lists the calling account's prospecting lists, newest first, page by page (`page`,
         *     `per_page`, `total`, `pages`, `items`, as the search). Each list carries `leads_count`
         *     (all its leads) and embeds in `leads` **at most its 10 most recently added leads**,
         *     newest first; read the rest with `GET /v1/lists/{id}/leads`. Free: list operations
         *     never change the credit balance.
         */
        get: operations["listLists"];
        put?: never;
        /**
         * Create a prospecting list
         * @description Creates an empty prospecting list for the calling account. `nom` is 1-200
         *     characters (not only spaces; names need not be unique), `description` up to 2,000.
         *     Free.
         */
        post: operations["createList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
            };
            cookie?: never;
        };
        /**
         * Read a prospecting list
         * @description Returns one of the calling account's lists, with `leads_count` and at most its 10
         *     most recently added leads in `leads`, newest first; read the rest with
         *     `GET /v1/lists/{id}/leads`. Another account's list answers 404. Free.
         */
        get: operations["getList"];
        put?: never;
        post?: never;
        /**
         * Delete a prospecting list
         * @description Deletes one of the calling account's lists and every lead in it. The companies
         *     stay in the company database. Another account's list answers 404. Free.
         */
        delete: operations["deleteList"];
        options?: never;
        head?: never;
        /**
         * Rename or describe a prospecting list
         * @description Changes the name and/or the description of one of the calling account's lists;
         *     fields left out keep their value, a `description` of `null` removes it. Another
         *     account's list answers 404. Free.
         */
        patch: operations["updateList"];
        trace?: never;
    };
    "/v1/lists/{id}/leads": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
            };
            cookie?: never;
        };
        /**
         * List the leads of a prospecting list
         * @description The leads of one of the calling account's lists, most recently added first, page by
         *     page (`page`, `per_page`, `total`, `pages`, `items`, as the search). `statut` keeps
         *     only the leads with one of the given statuses, repeated once per value:
         *     `?statut=contacte&statut=qualifie`. Another account's list answers 404. Free.
         */
        get: operations["listLeads"];
        put?: never;
        /**
         * Add companies to a prospecting list
         * @description Adds companies of the company database to one of the calling account's lists, in one
         *     of three forms (exactly one of `entreprise_id`, `entreprise_ids`, `task_id`):
         *
         *     - `{entreprise_id, statut?, note?}`: one company. Answers **201** with the new lead.
         *       A company already in the list answers 409 `lead_already_exists`; an unknown
         *       company 404 `resource_not_found`.
         *     - `{entreprise_ids: [...]}`: 1 to 1,000 distinct company ids, for example the `id`s
         *       of search results (`GET /v1/entreprises`).
         *     - `{task_id}`: every company of one of the account's extraction tasks
         *       (`POST /v1/scraping/run`); another account's task, or an unknown one, answers 404.
         *
         *     The bulk forms answer **200** with the leads `added` (status `nouveau`, in the order
         *     given) and the ids `already_present` in the list (left as they were). They are all or
         *     nothing, in one transaction: when any id is unknown the answer is 404 naming every
         *     unknown id (in `detail` and in `errors[]`) and nothing is added.
         *
         *     Adding leads moves the list's `updated_at`. Free: never changes the credit balance.
         *     Another account's list answers 404.
         */
        post: operations["addLeads"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/{id}/leads/single": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add one company to a prospecting list
         * @description Adds one company of the company database to one of the calling account's lists, with an
         *     optional `statut` (default `nouveau`) and `note`; answers **201** with the new lead. The
         *     same as `POST /v1/lists/{id}/leads` with `{entreprise_id}`, as an operation of its own so
         *     that a generated client gets one body type and one answer type (`Lead`).
         *
         *     A company already in the list answers 409 `lead_already_exists`; an unknown company, or
         *     another account's list, 404 `resource_not_found`. Adding a lead moves the list's
         *     `updated_at`. Free: never changes the credit balance.
         */
        post: operations["addLead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/{id}/leads/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add several companies to a prospecting list
         * @description Adds several companies of the company database to one of the calling account's lists:
         *     `{entreprise_ids: [...]}` (1 to 1,000 distinct ids, for example the `id`s of search
         *     results) or `{task_id}` (every company of one of the account's extraction tasks). The same
         *     as `POST /v1/lists/{id}/leads` with those forms, as an operation of its own so that a
         *     generated client gets one answer type (`LeadBulkResult`).
         *
         *     Answers **200** with the leads `added` (status `nouveau`, in the order given) and the ids
         *     `already_present` in the list (left as they were). All or nothing, in one transaction:
         *     when any id is unknown the answer is 404 naming every unknown id (in `detail` and in
         *     `errors[]`) and nothing is added; another account's task or list answers 404. Adding leads
         *     moves the list's `updated_at`. Free: never changes the credit balance.
         */
        post: operations["addLeadsBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/{id}/leads/{lead_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
                /** @description The id of a lead of that list. */
                lead_id: components["parameters"]["LeadId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a lead from a prospecting list
         * @description Removes a lead from one of the calling account's lists; the company stays in the
         *     company database. Moves the list's `updated_at`. A lead of another list, or of
         *     another account, answers 404. Free.
         */
        delete: operations["deleteLead"];
        options?: never;
        head?: never;
        /**
         * Change a lead's status or note
         * @description Changes the `statut` and/or the `note` of a lead of one of the calling account's
         *     lists; fields left out keep their value, a `note` of `null` removes it. Moves the
         *     list's `updated_at`. A lead of another list, or of another account, answers 404.
         *     Free.
         */
        patch: operations["updateLead"];
        trace?: never;
    };
    "/v1/lists/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
            };
            cookie?: never;
        };
        /**
         * Export a prospecting list as CSV
         * @description Every lead of one of the calling account's lists as a CSV file (RFC 4180: comma
         *     separated, CRLF line ends, fields quoted when they hold a comma, a quote or a line
         *     break), UTF-8, starting with a byte order mark (EF BB BF) so that spreadsheets
         *     such as Excel read accents right; CSV parsers skip it (csv-parse: `bom: true`).
         *
         *     The header is the import's columns, `nom,wilaya,secteur,activite,email,telephone,score_qualite`,
         *     followed by the lead's `statut,note`; one row per lead, most recently added first.
         *     The file can be imported back as is with `npm run cli -- companies import` (the
         *     extra columns are ignored, and each company updates itself: no duplicate).
         *     Values are written as stored, with one exception against formula injection (as OWASP
         *     recommends for CSV files): a cell that starts with `=`, `+`, `-`, `@`, a tab or a
         *     carriage return (or with single quotes and then one of those) is written with a single
         *     quote `'` before it, and quoted, so that a spreadsheet shows it as text instead of
         *     running it as a formula. E.164 phone numbers start with `+`, so they are written
         *     `"'+213550123456"`: a spreadsheet keeps them as text, with their `+`, where it would
         *     otherwise read the number 213550123456. `companies import` takes that quote off again
         *     (one leading `'` of a cell that starts with quotes and then one of those characters),
         *     so an export imports back unchanged; another program reading the file can do the
         *     same. Served as an attachment named after
         *     the list (`Content-Disposition: attachment; filename="<slug of the name>.csv"`).
         *     Another account's list answers 404. Free.
         */
        get: operations["exportList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "scraping.task.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An extraction task completed
         * @description An extraction task of the account completed: `data` is the task as `GET
         *     /v1/scraping/tasks/{task_id}` answers it (its companies, charge and sources).
         *     Sent to every endpoint of the account that lists `scraping.task.completed`, as a POST with a JSON body,
         *     `webhook-id` (the same on every retry of this event), `webhook-timestamp` and
         *     `webhook-signature`. Verify the signature with the endpoint's secret, and reject a
         *     timestamp more than 5 minutes away from your clock. Answer 2xx within 10 s; anything
         *     else is retried.
         */
        post: operations["onScrapingTaskCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "scraping.task.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An extraction task failed
         * @description An extraction task of the account failed (no directory answered): nothing was
         *     charged; `data` is the task with each source's report.
         *     Sent to every endpoint of the account that lists `scraping.task.failed`, as a POST with a JSON body,
         *     `webhook-id` (the same on every retry of this event), `webhook-timestamp` and
         *     `webhook-signature`. Verify the signature with the endpoint's secret, and reject a
         *     timestamp more than 5 minutes away from your clock. Answer 2xx within 10 s; anything
         *     else is retried.
         */
        post: operations["onScrapingTaskFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "credits.balance_low": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The credit balance ran low
         * @description A charge took the account's balance from at least the threshold to below it (sent once
         *     per crossing: a grant that lifts the balance back above it re-arms it).
         *     Sent to every endpoint of the account that lists `credits.balance_low`, as a POST with a JSON body,
         *     `webhook-id` (the same on every retry of this event), `webhook-timestamp` and
         *     `webhook-signature`. Verify the signature with the endpoint's secret, and reject a
         *     timestamp more than 5 minutes away from your clock. Answer 2xx within 10 s; anything
         *     else is retried.
         */
        post: operations["onCreditsBalanceLow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description One company to add to a list, with its status and note (`POST /v1/lists/{id}/leads/single`). */
        LeadAddSingle: {
            /**
             * Format: uuid
             * @description The id of the company to add (as in the search or an extraction).
             * @example 3f0b8a4e-2c1d-4e5f-9a6b-7c8d9e0f1a2b
             */
            entreprise_id: string;
            statut?: components["schemas"]["LeadStatut"];
            /**
             * @description A free note, up to 2,000 characters.
             * @example Rappeler en septembre.
             */
            note?: string | null;
        };
        /**
         * @description Several companies to add to a list (`POST /v1/lists/{id}/leads/bulk`): exactly one of
         *     `entreprise_ids` (1 to 1,000 ids, for example a page of search results) or `task_id` (every
         *     company of an extraction task). Both, or neither, answers 400 naming the fields.
         */
        LeadAddBulk: {
            /** @description 1 to 1,000 distinct company ids, in the order to add them; all of them or none. */
            entreprise_ids?: string[];
            /**
             * Format: uuid
             * @description The id of one of the account's extraction tasks, whose companies are all added, or none.
             * @example 6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9
             */
            task_id?: string;
        };
        /**
         * @description `live` or `test` (see "Test mode"). A test key (its secret starts with `pk_test_`) searches
         *     the same companies as a live one, but its extractions read only the sample directory that
         *     ships with the service and charge nothing; what it creates (keys, lists, webhook endpoints,
         *     extraction tasks) is marked `test`.
         * @example live
         * @enum {string}
         */
        Mode: "live" | "test";
        /** @description What to extract. */
        ScrapingRunRequest: {
            /**
             * @description A sector of `GET /v1/secteurs`, by name or id, ignoring case and accents.
             * @example BTP
             */
            secteur: string;
            /**
             * @description A wilaya by name (any usual spelling) or code, as in `GET /v1/wilayas`.
             * @example Alger
             */
            wilaya: string;
            /**
             * @description The most companies to return.
             * @default 20
             * @example 20
             */
            max_results: number;
            /**
             * @description Absent or false: every company found, as before. When true, companies this account
             *     was already billed for (by any extraction) are neither returned nor billed; the run
             *     reads further to fill `max_results`, and `skipped_known` in the answer says how many
             *     were left out.
             * @example false
             */
            only_new?: boolean;
        };
        /**
         * @description A company found by an extraction, as stored in the company database. A test-mode
         *     extraction stores nothing: its companies come from the sample directory, their `id` is
         *     stable (the same company gets the same id on every run) but names no company of the
         *     database.
         */
        ScrapedEntreprise: components["schemas"]["Entreprise"] & {
            /**
             * @description Whether this company cost a credit (it has an e-mail or a phone). In test mode, whether a live run would have charged it; test mode charges nothing.
             * @example true
             */
            billed: boolean;
            /** @description Every e-mail found for the company (the first is `email`). */
            emails: string[];
            /** @description Every phone found for the company, E.164 (the first is `telephone`). */
            telephones: string[];
            /** @description The directories it was found in. */
            sources: string[];
            /** @description The pages it was read from. */
            source_urls: string[];
        };
        /** @description What became of one directory during the run. */
        SourceReport: {
            /**
             * @description The source's name.
             * @example annuaire-exemple
             */
            name: string;
            /**
             * @description `ok`: its first page answered; `timeout`: it did not answer in time; `error`: it
             *     failed otherwise; `blocked`: its robots.txt forbids the search.
             * @example ok
             * @enum {string}
             */
            status: "ok" | "timeout" | "error" | "blocked";
            /**
             * @description Pages read, listing and detail pages together.
             * @example 3
             */
            pages_read: number;
            /**
             * @description Distinct companies it gave.
             * @example 12
             */
            companies_found: number;
            /**
             * @description What went wrong, in general terms (never the directory's own message).
             * @example timed out
             */
            error?: string;
            /**
             * @description What the source gave, beside `status` (which says how its first page answered):
             *     `ok`: every page it was asked for was read and it gave companies; `empty`: its pages
             *     were read and held no company; `partial`: it gave what it could, but the run
             *     deadline cut it, a later page failed or pages were dropped (see `pages_dropped`);
             *     `failed`: nothing could be read (see `status` and `reason`).
             * @example ok
             * @enum {string}
             */
            outcome?: "ok" | "empty" | "partial" | "failed";
            /**
             * @description Why the outcome is not `ok`, in general terms (never the directory's own message).
             * @example the run deadline was reached
             */
            reason?: string;
            /**
             * @description Company entries seen on its listing pages, before de-duplication and before the drops counted in `items_dropped`.
             * @example 14
             */
            items_seen?: number;
            /** @description Entries seen but not kept as companies, by reason. */
            items_dropped?: {
                /**
                 * @description Entries without a company name.
                 * @example 0
                 */
                no_name: number;
                /**
                 * @description Entries whose name has no letter or digit (only symbols, such as `★★★` or
                 *     `!!!`), which cannot tell one company from another. Present in every answer
                 *     since it was introduced (tasks run before it do not carry it).
                 * @example 0
                 */
                invalid_name?: number;
                /**
                 * @description Entries named only by a link followed by a count (`Informatique (12)`, as a
                 *     menu of categories is written) whose own page did not show one company of that
                 *     name: a category's or a search's page. Present in every answer since it was
                 *     introduced (tasks run before it do not carry it).
                 * @example 0
                 */
                not_a_company?: number;
                /**
                 * @description Sponsored entries and advertisements placed between the listings.
                 * @example 1
                 */
                advertisement: number;
                /**
                 * @description Entries that are a company already kept from this source (same name in the wilaya, or the same contact under a compatible name).
                 * @example 1
                 */
                duplicate: number;
            };
            /** @description Pages fetched but not read, and why. */
            pages_dropped?: {
                /**
                 * Format: uri
                 * @description The page's URL.
                 * @example https://annuaire.example.dz/recherche?secteur=BTP&wilaya=Alger&page=3
                 */
                url: string;
                /**
                 * @description `over_budget`: reading it took longer than the time a page may take; `failed`: it could not be parsed.
                 * @example over_budget
                 * @enum {string}
                 */
                reason: "over_budget" | "failed";
            }[];
        };
        /** @description An extraction task and its result. */
        ScrapingTask: {
            /**
             * Format: uuid
             * @description The task's id.
             * @example 6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9
             */
            task_id: string;
            /**
             * @description `completed` when at least one directory answered; `failed` when every one failed.
             * @example completed
             * @enum {string}
             */
            status: "completed" | "failed";
            /**
             * @description The sector searched (its name).
             * @example BTP
             */
            secteur: string;
            /**
             * @description The wilaya searched (its name).
             * @example Alger
             */
            wilaya: string;
            /**
             * @description The wilaya's code.
             * @example 16
             */
            wilaya_code: number;
            /**
             * @description The most companies asked for.
             * @example 20
             */
            max_results: number;
            /**
             * @description The number of companies in `entreprises`.
             * @example 2
             */
            results_found: number;
            /**
             * @description Credits charged (the companies in `entreprises` with `billed` true); always 0 in test mode.
             * @example 1
             */
            credits_used: number;
            /**
             * @description The account's balance after the run.
             * @example 499
             */
            credit_balance: number;
            /**
             * @description True when the balance paid for fewer billable companies than were found.
             * @example false
             */
            truncated: boolean;
            /**
             * @description Billable companies found (within max_results), before any cut for the balance.
             * @example 1
             */
            billable_found: number;
            /** @description The companies returned, in the order they were found. */
            entreprises: components["schemas"]["ScrapedEntreprise"][];
            /** @description One report per directory. */
            sources: components["schemas"]["SourceReport"][];
            /**
             * Format: date-time
             * @description When the task started.
             * @example 2026-03-01T10:00:00.000Z
             */
            created_at: string;
            /**
             * @description Present when the request set `only_new`; true when known companies were left out.
             * @example true
             */
            only_new?: boolean;
            /**
             * @description With `only_new`, companies found that the account was already billed for, left out and not billed.
             * @example 3
             */
            skipped_known?: number;
            /**
             * Format: date-time
             * @description For a task of `POST /v1/scraping/tasks`, when a worker took it up.
             * @example 2026-03-01T10:00:01.000Z
             */
            started_at?: string;
            /**
             * Format: date-time
             * @description For a task of `POST /v1/scraping/tasks`, when it ended.
             * @example 2026-03-01T10:00:09.000Z
             */
            completed_at?: string;
            /**
             * @description `test` on a test key's task (read from the sample directory, charged nothing); absent from a live task's answer, which is as it was before test mode.
             * @example test
             */
            mode?: components["schemas"]["Mode"];
        };
        /**
         * @description Where a task is in its life. A task submitted with `POST /v1/scraping/tasks` starts
         *     `queued`, and stays so while its account already runs its plan's
         *     `max_concurrent_extractions` or no worker is free; a worker takes it up (`running`), then it ends `completed` (at least one
         *     directory answered: billed then, in the same transaction), `failed` (every directory
         *     failed: nothing charged) or `cancelled` (`POST /v1/scraping/tasks/{task_id}/cancel` while
         *     `queued` or `running`: nothing charged, no company written). The transitions are
         *     `queued → running → completed | failed`, `queued → cancelled` and `running → cancelled`;
         *     `completed`, `failed` and `cancelled` are final. A `running` task whose worker stopped
         *     (a crash, a restart) goes back to work on another worker and is billed once. A task of
         *     `POST /v1/scraping/run` is created `completed` or `failed`.
         * @example queued
         * @enum {string}
         */
        ScrapingTaskStatus: "queued" | "running" | "completed" | "failed" | "cancelled";
        /** @description How far a running task has gone (counts so far; they only grow). */
        ScrapingTaskProgress: {
            /**
             * @description Pages read so far, over every directory.
             * @example 3
             */
            pages_read: number;
            /**
             * @description Company entries read so far, over every directory, before duplicates are merged (the answer's count can be lower).
             * @example 14
             */
            companies_found: number;
            /**
             * @description Directories that have finished.
             * @example 1
             */
            sources_done: number;
            /**
             * @description Directories the task reads.
             * @example 2
             */
            sources_total: number;
        };
        /**
         * @description A task submitted with `POST /v1/scraping/tasks` that has no result: `queued`, `running`
         *     (with its `progress`) or `cancelled`. Once `completed` or `failed`, the task reads as a
         *     `ScrapingTask`, with the same fields as the answer of `POST /v1/scraping/run`.
         */
        ScrapingTaskPending: {
            /**
             * Format: uuid
             * @description The task's id.
             * @example 6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9
             */
            task_id: string;
            /**
             * @description See `ScrapingTaskStatus` for the states and their transitions.
             * @example queued
             * @enum {string}
             */
            status: "queued" | "running" | "cancelled";
            /**
             * @description The sector asked for (its name).
             * @example BTP
             */
            secteur: string;
            /**
             * @description The wilaya asked for (its name).
             * @example Alger
             */
            wilaya: string;
            /**
             * @description The wilaya's code.
             * @example 16
             */
            wilaya_code: number;
            /**
             * @description The most companies asked for.
             * @example 20
             */
            max_results: number;
            /**
             * @description Whether companies the account was already billed for are left out.
             * @example false
             */
            only_new: boolean;
            /**
             * Format: date-time
             * @description When the task was submitted.
             * @example 2026-03-01T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When a worker took the task up (absent while queued).
             * @example 2026-03-01T10:00:01.000Z
             */
            started_at?: string;
            /**
             * Format: date-time
             * @description When the task was cancelled (only when `cancelled`).
             * @example 2026-03-01T10:00:05.000Z
             */
            cancelled_at?: string;
            progress?: components["schemas"]["ScrapingTaskProgress"];
            /**
             * @description `test` on a test key's task (read from the sample directory, charged nothing); absent from a live task's answer, which is as it was before test mode.
             * @example test
             */
            mode?: components["schemas"]["Mode"];
        };
        /** @description A task in the account's list of tasks, without its companies (read them with `GET /v1/scraping/tasks/{task_id}`). */
        ScrapingTaskSummary: {
            /**
             * Format: uuid
             * @description The task's id.
             * @example 6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9
             */
            task_id: string;
            status: components["schemas"]["ScrapingTaskStatus"];
            /**
             * @description The sector asked for (its name).
             * @example BTP
             */
            secteur: string;
            /**
             * @description The wilaya asked for (its name).
             * @example Alger
             */
            wilaya: string;
            /**
             * @description The wilaya's code.
             * @example 16
             */
            wilaya_code: number;
            /**
             * @description The most companies asked for.
             * @example 20
             */
            max_results: number;
            /**
             * Format: date-time
             * @description When the task was submitted (or run, for `POST /v1/scraping/run`).
             * @example 2026-03-01T10:00:00.000Z
             */
            created_at: string;
            /**
             * @description Companies returned (once completed or failed).
             * @example 2
             */
            results_found?: number;
            /**
             * @description Credits charged (0 until completed; always 0 when failed or cancelled).
             * @example 1
             */
            credits_used?: number;
            /**
             * @description `test` on a test key's task (read from the sample directory, charged nothing); absent from a live task's answer, which is as it was before test mode.
             * @example test
             */
            mode?: components["schemas"]["Mode"];
        };
        /** @description One page of extraction tasks. */
        ScrapingTaskPage: {
            /**
             * @description How many tasks match, over all pages.
             * @example 2
             */
            total: number;
            /**
             * @description This page's number.
             * @example 1
             */
            page: number;
            /**
             * @description How many pages there are (0 when no task matches).
             * @example 1
             */
            pages: number;
            /** @description The tasks on this page, newest first. */
            items: components["schemas"]["ScrapingTaskSummary"][];
        };
        /** @description A company of the database. */
        Entreprise: {
            /**
             * Format: uuid
             * @description The company's id.
             * @example 3f0b8a4e-2c1d-4e5f-9a6b-7c8d9e0f1a2b
             */
            id: string;
            /**
             * @description The company's name.
             * @example SARL Numidia Bâtiment
             */
            nom: string;
            /**
             * @description The wilaya's name.
             * @example Alger
             */
            wilaya: string;
            /**
             * @description The wilaya's code.
             * @example 16
             */
            wilaya_code: number;
            /**
             * @description The activity sector's name, when known.
             * @example BTP
             */
            secteur: string | null;
            /**
             * @description What the company does.
             * @example Travaux de construction et de rénovation
             */
            activite: string | null;
            /**
             * Format: email
             * @description A contact e-mail, lower-cased.
             * @example contact@numidia-batiment.dz
             */
            email: string | null;
            /**
             * @description A contact phone number in E.164.
             * @example +213550123456
             */
            telephone: string | null;
            /**
             * @description How complete and reliable the record is, 0-100.
             * @example 85
             */
            score_qualite: number;
            /**
             * Format: date-time
             * @description When the company entered the database.
             * @example 2026-03-01T10:00:00.000Z
             */
            first_seen_at: string;
            /**
             * Format: date-time
             * @description When the record last changed (an import or an extraction that gave it again).
             * @example 2026-03-02T09:15:00.000Z
             */
            updated_at: string;
            /**
             * @description Where the record comes from, most recently seen first (at most 20 sources; `GET
             *     /v1/entreprises/{id}` gives the same list). A record can have several: the same
             *     company found on two directories, or imported and then found by an extraction.
             */
            provenance: components["schemas"]["Provenance"][];
        };
        /** @description One page of companies. */
        EntreprisePage: {
            /**
             * @description How many companies match, over all pages (exact).
             * @example 2
             */
            total: number;
            /**
             * @description This page's number.
             * @example 1
             */
            page: number;
            /**
             * @description How many pages there are (total / per_page rounded up; 0 when nothing matches).
             * @example 1
             */
            pages: number;
            /** @description The companies on this page, in the order asked for (`sort`). */
            items: components["schemas"]["Entreprise"][];
            /**
             * @description Pass as `cursor` to read the rows after this page's last; null when no match follows.
             * @example eyJ2IjoxLCJzIjoiLXNjb3JlX3F1YWxpdGUifQ
             */
            next_cursor: string | null;
        };
        /** @description How the matches of a search divide (exact counts). */
        EntrepriseFacets: {
            /**
             * @description How many companies match (the search's `total`).
             * @example 1250
             */
            total: number;
            /** @description Matches per wilaya, where not zero, the largest first. */
            wilayas: {
                /**
                 * @description The wilaya's code.
                 * @example 16
                 */
                code: number;
                /**
                 * @description The wilaya's name.
                 * @example Alger
                 */
                nom: string;
                /**
                 * @description How many matches are in this wilaya.
                 * @example 310
                 */
                count: number;
            }[];
            /** @description Matches per sector, where not zero, the largest first. */
            secteurs: {
                /**
                 * @description The sector's name; null for companies without a known sector.
                 * @example BTP
                 */
                secteur: string | null;
                /**
                 * @description How many matches are in this sector.
                 * @example 980
                 */
                count: number;
            }[];
            /** @description Matches per quality score band; always the four bands, highest first. */
            score_bands: {
                /**
                 * @description The band's name.
                 * @example 70-89
                 * @enum {string}
                 */
                band: "90-100" | "70-89" | "50-69" | "0-49";
                /**
                 * @description The lowest score of the band.
                 * @example 70
                 */
                min: number;
                /**
                 * @description The highest score of the band.
                 * @example 89
                 */
                max: number;
                /**
                 * @description How many matches have a score in the band.
                 * @example 400
                 */
                count: number;
            }[];
        };
        /** @description A wilaya (Algerian province). */
        Wilaya: {
            /**
             * @description The wilaya's code.
             * @example 16
             */
            code: number;
            /**
             * @description The French name.
             * @example Alger
             */
            nom: string;
            /**
             * @description The Arabic name.
             * @example الجزائر
             */
            nom_ar: string;
            /**
             * @description True for the wilayas created in 2025 that have not taken effect yet.
             * @example false
             */
            provisional: boolean;
            /**
             * @description For a provisional wilaya, the code of the wilaya it is searched as.
             * @example null
             */
            parent_code: number | null;
        };
        /** @description Every wilaya. */
        WilayaList: {
            /** @description The wilayas, by code. */
            items: components["schemas"]["Wilaya"][];
        };
        /** @description An activity sector. */
        Secteur: {
            /**
             * @description The sector's stable identifier.
             * @example btp
             */
            id: string;
            /**
             * @description The sector's name.
             * @example BTP
             */
            nom: string;
        };
        /** @description Every sector. */
        SecteurList: {
            /** @description The sectors, by name. */
            items: components["schemas"]["Secteur"][];
        };
        /** @description An RFC 9457 problem document. */
        Problem: {
            /**
             * Format: uri
             * @description A URI naming the kind of problem.
             * @example https://prospecting-api.dz/problems/validation_failed
             */
            type: string;
            /**
             * @description A short human-readable summary of the kind of problem.
             * @example The request is not valid.
             */
            title: string;
            /**
             * @description The HTTP status code.
             * @example 400
             */
            status: number;
            /**
             * @description A human-readable explanation of this occurrence.
             * @example query parameter per_page: must be <= 100
             */
            detail?: string;
            /**
             * @description The path of the request, without its query string (a credential-shaped segment, such as
             *     a pasted API key, shown as `[redacted]`).
             * @example /v1/api-keys
             */
            instance: string;
            /**
             * @description A stable machine-readable code: branch on it, never on `title` or `detail`. Each code
             *     always comes with the same HTTP status; the table of every code, its status and when it
             *     is sent is in the [Errors](#section/Errors) section. A later version may add codes (see
             *     [Changes and deprecation](#section/Changes-and-deprecation)): handle a code you do not
             *     know by its HTTP status.
             * @example validation_failed
             * @enum {string}
             */
            code: "validation_failed" | "malformed_json" | "missing_api_key" | "invalid_api_key" | "expired_api_key" | "revoked_api_key" | "insufficient_credits" | "not_found" | "resource_not_found" | "method_not_allowed" | "idempotency_in_progress" | "lead_already_exists" | "task_not_cancellable" | "idempotency_key_reused" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running_extractions" | "internal_error" | "sources_failed" | "service_unavailable";
            /**
             * Format: uuid
             * @description On a 502 from an extraction, the id of the failed task.
             * @example 6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9
             */
            task_id?: string;
            /**
             * @description The request's id, as in the `X-Request-Id` header.
             * @example 5d1c2f0e-7a43-4f7e-9d55-3f8f8c1b2a90
             */
            request_id?: string;
            /**
             * @description For validation errors, one entry per offending field (the first 50; `detail` then
             *     ends with how many more there are); for a 404 on a company or task to add to a
             *     list, one entry per unknown id.
             */
            errors?: components["schemas"]["FieldError"][];
        };
        /** @description One thing wrong with one field of the request. */
        FieldError: {
            /**
             * @description Where the field is: `/query/per_page`, `/path/key_id`, `/body/name`,
             *     `/headers/content-type`.
             * @example /query/per_page
             */
            path: string;
            /**
             * @description What is wrong with it.
             * @example must be <= 100
             */
            message: string;
            /**
             * @description The kind of check that failed (JSON Schema keyword).
             * @example maximum
             */
            code?: string;
        };
        /**
         * @description The plan's identifier.
         * @example sales_team
         * @enum {string}
         */
        PlanId: "sales_team" | "enterprise";
        /** @description The calling account. */
        Me: {
            /**
             * Format: uuid
             * @description The account's id.
             * @example 0b6f1a52-3c3e-4c55-9a4f-7f0d3b6b9d11
             */
            id: string;
            /**
             * @description The account's name.
             * @example Sarl Numidia Conseil
             */
            name: string;
            plan: components["schemas"]["Plan"];
            limits: components["schemas"]["Limits"];
            /**
             * @description Credits left. An extraction costs 1 credit per company found with an e-mail or phone.
             * @example 500
             */
            credit_balance: number;
            /**
             * Format: date-time
             * @description When the account was created.
             * @example 2026-01-15T09:30:00.000Z
             */
            created_at: string;
            /**
             * Format: uuid
             * @description The id of the API key used for this request.
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            key_id: string;
            /**
             * @description The mode of the API key used for this request: `test` for a test key, whose
             *     extractions read only the sample directory and charge nothing (see "Test mode").
             * @example live
             */
            mode: components["schemas"]["Mode"];
        };
        /** @description The account's plan. */
        Plan: {
            id: components["schemas"]["PlanId"];
            /**
             * @description The plan's display name.
             * @example Sales team
             */
            label: string;
        };
        /** @description The limits the plan sets. */
        Limits: {
            /**
             * @description Requests the account may make per 60-second window.
             * @example 150
             */
            requests_per_minute: number;
            /**
             * @description The largest `per_page` a search accepts.
             * @example 100
             */
            max_per_page: number;
            /**
             * @description The largest `max_results` an extraction accepts.
             * @example 100
             */
            max_results: number;
            /**
             * @description Extractions the account may run at once (`sales_team` 2, `enterprise` 5), synchronous
             *     runs and background tasks together. Past it, `POST /v1/scraping/run` answers 429
             *     `too_many_running_extractions` with `Retry-After`, and a task submitted with
             *     `POST /v1/scraping/tasks` waits `queued` (it is not refused) until one has ended.
             * @example 2
             */
            max_concurrent_extractions: number;
        };
        /** @description An API key, without its secret. */
        ApiKey: {
            /**
             * Format: uuid
             * @description The key's id (the token's `jti`).
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /**
             * @description A label to tell keys apart.
             * @example CRM production
             */
            name: string | null;
            /**
             * Format: date-time
             * @description When the key was created.
             * @example 2026-02-01T08:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the key stops working; null when it never expires.
             * @example null
             */
            expires_at: string | null;
            /**
             * Format: date-time
             * @description When the key was revoked; null while it is active.
             * @example null
             */
            revoked_at: string | null;
            /**
             * @description `test` on a test key (its secret starts with `pk_test_`, see "Test mode"); absent from a live key, which reads as it did before test mode.
             * @example test
             */
            mode?: components["schemas"]["Mode"];
        };
        /** @description A new API key, with its secret. The secret is shown only this once. */
        ApiKeyCreated: components["schemas"]["ApiKey"] & {
            /**
             * @description The secret key, to send as `Authorization: Bearer <api_key>`. A live key is a JWT; a test key is `pk_test_` followed by a JWT.
             * @example eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwYjZmMWE1Mi0zYzNlLTRjNTUtOWE0Zi03ZjBkM2I2YjlkMTEiLCJqdGkiOiI3YzllNjY3OS03NDI1LTQwZGUtOTQ0Yi1lMDdmYzFmOTBhZTciLCJpYXQiOjE3Njk5MzI4MDAsImlzcyI6InByb3NwZWN0aW5nLWFwaSJ9.2bXg4yF0mQk3m9p2cD6e1rRk3W5bTz0f4fS8nq1oZ1A
             */
            api_key: string;
        };
        /** @description What to create a key with. */
        ApiKeyCreate: {
            /**
             * @description A label to tell keys apart.
             * @example CRM production
             */
            name?: string;
            /**
             * @description Days until the key expires; without it the key never expires.
             * @example 90
             */
            expires_in_days?: number;
            /**
             * @description `test` for a test key: its secret starts with `pk_test_`, its extractions read only the
             *     sample directory and charge nothing (see "Test mode"). Default: the mode of the key
             *     making the request, so `live` from a live key. A test key creates test keys only
             *     (`live` from a test key answers 400).
             * @example test
             */
            mode?: components["schemas"]["Mode"];
        };
        /** @description One page of API keys. */
        ApiKeyPage: {
            /**
             * @description How many items match, over all pages.
             * @example 2
             */
            total: number;
            /**
             * @description This page's number.
             * @example 1
             */
            page: number;
            /**
             * @description How many pages there are (0 when nothing matches).
             * @example 1
             */
            pages: number;
            /** @description The keys on this page, newest first. */
            items: components["schemas"]["ApiKey"][];
        };
        /**
         * @description Where the lead stands: `nouveau` (just added), `contacte` (contacted), `qualifie`
         *     (qualified), `converti` (became a customer), `perdu` (lost).
         * @example nouveau
         * @enum {string}
         */
        LeadStatut: "nouveau" | "contacte" | "qualifie" | "converti" | "perdu";
        /** @description A company in a prospecting list, with where it stands. */
        Lead: {
            /**
             * Format: uuid
             * @description The lead's id.
             * @example 8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a
             */
            id: string;
            entreprise: components["schemas"]["Entreprise"];
            statut: components["schemas"]["LeadStatut"];
            /**
             * @description A free note, up to 2,000 characters; null when there is none.
             * @example Rappeler en septembre.
             */
            note: string | null;
            /**
             * Format: date-time
             * @description When the company was added to the list.
             * @example 2026-03-02T09:00:00.000Z
             */
            added_at: string;
            /**
             * Format: date-time
             * @description When the lead last changed (its addition, then any status or note change).
             * @example 2026-03-02T09:00:00.000Z
             */
            updated_at: string;
        };
        /** @description A prospecting list, with its most recently added leads. */
        List: {
            /**
             * Format: uuid
             * @description The list's id.
             * @example 4b1e7d2a-9c3f-4e8a-b5d6-7f8091a2b3c4
             */
            id: string;
            /**
             * @description The list's name.
             * @example BTP Alger T1
             */
            nom: string;
            /**
             * @description What the list is for; null when there is none.
             * @example Entreprises du BTP à relancer au premier trimestre.
             */
            description: string | null;
            /**
             * Format: date-time
             * @description When the list was created.
             * @example 2026-03-01T08:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the list or any of its leads last changed (a lead added, changed or removed).
             * @example 2026-03-02T09:00:00.000Z
             */
            updated_at: string;
            /**
             * @description How many leads the list holds, all of them.
             * @example 2
             */
            leads_count: number;
            /**
             * @description At most the 10 most recently added leads, newest first. When `leads_count` is
             *     larger, read every lead with `GET /v1/lists/{id}/leads`.
             */
            leads: components["schemas"]["Lead"][];
            /**
             * @description `test` when a test key created the list; absent from a list a live key created. Either kind of key reads and changes every list of the account.
             * @example test
             */
            mode?: components["schemas"]["Mode"];
        };
        /** @description One page of prospecting lists. */
        ListPage: {
            /**
             * @description How many lists the account has, over all pages.
             * @example 1
             */
            total: number;
            /**
             * @description This page's number.
             * @example 1
             */
            page: number;
            /**
             * @description How many pages there are (total / per_page rounded up; 0 when there is no list).
             * @example 1
             */
            pages: number;
            /** @description The lists on this page, newest first. */
            items: components["schemas"]["List"][];
        };
        /** @description One page of a list's leads. */
        LeadPage: {
            /**
             * @description How many leads match (the `statut` filter applied), over all pages.
             * @example 2
             */
            total: number;
            /**
             * @description This page's number.
             * @example 1
             */
            page: number;
            /**
             * @description How many pages there are (total / per_page rounded up; 0 when nothing matches).
             * @example 1
             */
            pages: number;
            /** @description The leads on this page, most recently added first. */
            items: components["schemas"]["Lead"][];
        };
        /** @description What to create a list with. */
        ListCreate: {
            /**
             * @description The list's name, 1-200 characters, not only spaces (nor control characters).
             * @example BTP Alger T1
             */
            nom: string;
            /**
             * @description What the list is for, up to 2,000 characters.
             * @example Entreprises du BTP à relancer au premier trimestre.
             */
            description?: string | null;
        };
        /** @description What to change in a list; at least one field. */
        ListUpdate: {
            /**
             * @description The new name, 1-200 characters, not only spaces (nor control characters).
             * @example BTP Alger T2
             */
            nom?: string;
            /**
             * @description The new description, up to 2,000 characters; null removes it.
             * @example null
             */
            description?: string | null;
        };
        /**
         * @description Exactly one of three forms; any other combination answers 400 naming the fields:
         *
         *     - one company: `entreprise_id`, with an optional `statut` (default `nouveau`) and `note`;
         *     - up to 1,000 companies: `entreprise_ids` alone;
         *     - every company of an extraction task: `task_id` alone.
         */
        LeadAdd: {
            /**
             * Format: uuid
             * @description Form 1: the id of the company to add (as in the search or an extraction).
             * @example 3f0b8a4e-2c1d-4e5f-9a6b-7c8d9e0f1a2b
             */
            entreprise_id?: string;
            statut?: components["schemas"]["LeadStatut"];
            /**
             * @description Form 1 only: a free note, up to 2,000 characters.
             * @example Rappeler en septembre.
             */
            note?: string | null;
            /** @description Form 2: 1 to 1,000 distinct company ids, in the order to add them; all of them or none. */
            entreprise_ids?: string[];
            /**
             * Format: uuid
             * @description Form 3: the id of one of the account's extraction tasks, whose companies are all added, or none.
             * @example 6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9
             */
            task_id?: string;
        };
        /** @description What a bulk add did. */
        LeadBulkResult: {
            /** @description The leads added, in the order given. */
            added: components["schemas"]["Lead"][];
            /** @description The ids of the companies that were already in the list (left unchanged). */
            already_present: string[];
        };
        /** @description What to change in a lead; at least one field. */
        LeadUpdate: {
            statut?: components["schemas"]["LeadStatut"];
            /**
             * @description The new note, up to 2,000 characters; null removes it.
             * @example Devis envoyé le 3 mars.
             */
            note?: string | null;
        };
        /** @description One movement of an account's credit balance. */
        LedgerEntry: {
            /**
             * @description The movement's id; a later movement of the account has a larger id.
             * @example 1042
             */
            id: string;
            /**
             * Format: date-time
             * @description When the movement was applied.
             * @example 2026-03-02T09:15:00.000Z
             */
            created_at: string;
            /**
             * @description Credits added (positive) or charged (negative); 0 only for a test-mode extraction (`scraping_test`).
             * @example -12
             */
            amount: number;
            /**
             * @description The account's balance once this movement was applied.
             * @example 488
             */
            balance_after: number;
            /**
             * @description Why the balance moved: `scraping` for an extraction's charge, `scraping_test` for a
             *     test-mode extraction (amount 0: test mode charges nothing), `opening balance` for the
             *     grant written when the account was created, or the operator's own words for a grant or
             *     a correction.
             * @example scraping
             */
            reason: string;
            /**
             * Format: uuid
             * @description The extraction task this movement paid for, or the test-mode task it records (`GET /v1/scraping/tasks/{task_id}`); null for grants.
             * @example 5b0c7a52-3a4e-4d1f-9f58-2f8c6a1d7e90
             */
            task_id: string | null;
        };
        /** @description One page of credit movements. */
        LedgerPage: {
            /**
             * @description How many movements the account has, over all pages.
             * @example 2
             */
            total: number;
            /**
             * @description This page's number.
             * @example 1
             */
            page: number;
            /**
             * @description How many pages there are (0 when there is no movement).
             * @example 1
             */
            pages: number;
            /** @description The movements on this page, newest first. */
            items: components["schemas"]["LedgerEntry"][];
        };
        /**
         * @description One place a company record comes from: a page of a web directory read by an extraction
         *     (`directory`), an operator's import (`import`), or the demo data of a fresh store (`demo`).
         */
        Provenance: {
            /**
             * @description What kind of source it is.
             * @example directory
             * @enum {string}
             */
            type: "directory" | "import" | "demo";
            /**
             * @description The directory's name (as the operator's sources file names it); null for an import or the demo data.
             * @example annuaire-exemple
             */
            source: string | null;
            /**
             * Format: uri
             * @description The page the company was read from; null when none is known (imports, records older than provenance).
             * @example https://annuaire.example.dz/recherche?secteur=BTP&wilaya=Alger&page=1
             */
            url: string | null;
            /**
             * Format: date-time
             * @description When this source first gave the company.
             * @example 2026-03-02T09:15:00.000Z
             */
            first_seen_at: string;
            /**
             * Format: date-time
             * @description When this source last gave the company.
             * @example 2026-03-02T09:15:00.000Z
             */
            last_seen_at: string;
        };
        /**
         * @description An event a webhook endpoint can receive: an extraction task completed or failed, or a charge
         *     took the credit balance below the low-balance threshold (see the Webhooks section).
         * @example scraping.task.completed
         * @enum {string}
         */
        WebhookEventType: "scraping.task.completed" | "scraping.task.failed" | "credits.balance_low";
        /** @description A URL the account's events are sent to. */
        WebhookEndpoint: {
            /**
             * Format: uuid
             * @description The endpoint's id.
             * @example 0c4f6a9e-1b2d-4e3f-8a7b-6c5d4e3f2a1b
             */
            id: string;
            /**
             * Format: uri
             * @description Where events are POSTed.
             * @example https://crm.example.dz/hooks/prospecting
             */
            url: string;
            /** @description The events sent to it. */
            events: components["schemas"]["WebhookEventType"][];
            /**
             * Format: date-time
             * @description When it was created.
             * @example 2026-03-01T10:00:00.000Z
             */
            created_at: string;
            /**
             * @description `test` when a test key created it (absent from a live endpoint): it receives the events
             *     of test-mode extractions only, and a live endpoint those of live ones only. A test key
             *     lists and deletes only test endpoints.
             * @example test
             */
            mode?: components["schemas"]["Mode"];
        };
        /** @description One page of webhook endpoints. */
        WebhookEndpointPage: {
            /**
             * @description How many endpoints the account has, over all pages.
             * @example 1
             */
            total: number;
            /**
             * @description This page's number.
             * @example 1
             */
            page: number;
            /**
             * @description How many pages there are (0 when there is no endpoint).
             * @example 1
             */
            pages: number;
            /** @description The endpoints on this page, newest first. */
            items: components["schemas"]["WebhookEndpoint"][];
        };
        /** @description What to create a webhook endpoint with. */
        WebhookEndpointCreate: {
            /**
             * Format: uri
             * @description The http(s) URL to POST each event to; not a private, loopback or link-local address.
             * @example https://crm.example.dz/hooks/prospecting
             */
            url: string;
            /** @description The events to send to it. */
            events: components["schemas"]["WebhookEventType"][];
        };
        /** @description A new webhook endpoint, with its signing secret (shown only this once). */
        WebhookEndpointCreated: components["schemas"]["WebhookEndpoint"] & {
            /**
             * @description The signing secret: `whsec_` then the key in base64. Verify each delivery with it
             *     (any Standard Webhooks library does: `new Webhook(secret).verify(body, headers)`).
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string;
        };
        /** @description One attempt to deliver an event. */
        WebhookAttempt: {
            /**
             * Format: date-time
             * @description When the request was sent.
             * @example 2026-03-02T09:15:01.000Z
             */
            attempted_at: string;
            /**
             * @description The HTTP status the endpoint answered; null when it did not answer (timeout, refused connection).
             * @example 503
             */
            status_code: number | null;
            /**
             * @description Why the attempt failed when there was no answer (or the address was refused); null otherwise.
             * @example null
             */
            error: string | null;
            /**
             * @description How long the attempt took.
             * @example 142
             */
            duration_ms: number;
        };
        /** @description One event sent (or to be sent) to an endpoint, with its attempts. */
        WebhookDelivery: {
            /**
             * @description The delivery's id, sent as `webhook-id` on every attempt (the same on each retry).
             * @example msg_5b0c7a523a4e4d1f9f582f8c6a1d7e90
             */
            id: string;
            event_type: components["schemas"]["WebhookEventType"];
            /**
             * @description `pending` while attempts remain, `succeeded` once answered 2xx, `failed` once every attempt failed.
             * @example pending
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            /**
             * Format: date-time
             * @description When the event happened.
             * @example 2026-03-02T09:15:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the next attempt is due; null once the delivery succeeded or failed.
             * @example 2026-03-02T09:20:06.000Z
             */
            next_attempt_at: string | null;
            /** @description Every attempt so far, oldest first. */
            attempts: components["schemas"]["WebhookAttempt"][];
        };
        /** @description One page of an endpoint's deliveries. */
        WebhookDeliveryPage: {
            /**
             * @description How many deliveries the endpoint has, over all pages.
             * @example 1
             */
            total: number;
            /**
             * @description This page's number.
             * @example 1
             */
            page: number;
            /**
             * @description How many pages there are (0 when there is no delivery).
             * @example 1
             */
            pages: number;
            /** @description The deliveries on this page, newest first. */
            items: components["schemas"]["WebhookDelivery"][];
        };
        /**
         * @description The body of every webhook delivery (Standard Webhooks): the event's `type`, when it happened,
         *     and its `data`. The request carries `webhook-id`, `webhook-timestamp` (Unix seconds) and
         *     `webhook-signature` (`v1,` then the base64 HMAC-SHA256 of `id.timestamp.body`).
         */
        WebhookEvent: {
            type: components["schemas"]["WebhookEventType"];
            /**
             * Format: date-time
             * @description When the event happened.
             * @example 2026-03-02T09:15:00.000Z
             */
            timestamp: string;
            /** @description The event's own fields (see each event). */
            data: Record<string, never>;
        };
        /** @description A charge took the account's credit balance below the low-balance threshold. */
        CreditsBalanceLow: {
            /**
             * Format: uuid
             * @description The account.
             * @example 2c7e1f4a-8b3d-4e6f-9a1b-5c4d3e2f1a0b
             */
            account_id: string;
            /**
             * @description The balance after the charge.
             * @example 7
             */
            credit_balance: number;
            /**
             * @description The threshold it went below (the operator's `WEBHOOK_LOW_BALANCE`, 10 by default).
             * @example 10
             */
            threshold: number;
            /**
             * Format: uuid
             * @description The extraction task whose charge it was.
             * @example 6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9
             */
            task_id: string | null;
        };
    };
    responses: {
        /** @description The account has no credit left. */
        PaymentRequired: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A request with the same Idempotency-Key is still running. */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The Idempotency-Key was already used with another request body. */
        UnprocessableContent: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Every directory failed; nothing was charged and the task is kept as failed. */
        BadGateway: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request is malformed or a parameter or field is not valid. */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The API key is missing, malformed, forged, expired or revoked. */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The resource does not exist, or does not belong to the calling account. */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request body is over 1 MB. */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request body is not `application/json`. */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The account has used its plan's requests for this window (`"per-account"` policy),
         *     or the client address its requests without a valid API key (`"per-ip"` policy)
         *     (`rate_limited`); or, for an extraction, the account already runs as many extractions
         *     as its plan allows (`too_many_running_extractions`). Nothing of the request was run.
         */
        TooManyRequests: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description Any other error: an unknown route (404), a method the resource does not
         *     support (405, with `Allow`), a server error (500) or an unavailable service (503).
         */
        Error: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                Allow: components["headers"]["Allow"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The company is already in the list. */
        LeadConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The list does not exist (or is another account's), or a company or the task to add
         *     does not exist (or the task is another account's); nothing was added.
         */
        LeadTargetNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The task has already ended (completed, failed or cancelled). */
        TaskConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /**
         * @description A key of the client's choosing (a UUID is a good one) that makes retries safe: the
         *     same key with the same body within 24 hours gets the stored answer, never a second run
         *     or charge.
         */
        IdempotencyKey: string;
        /** @description The id of an extraction task of the calling account. */
        TaskId: string;
        /**
         * @description Words that must all appear in the company's name or activity, ignoring case and
         *     accents; a word may match inside a longer word. Spaces may be sent as `%20` or `+`.
         */
        Query: string;
        /** @description Wilaya codes (1-69), the parameter repeated once per value. */
        Wilayas: number[];
        /** @description Sector names or ids, the parameter repeated once per value, matched ignoring case and accents. */
        Secteurs: string[];
        /** @description The lowest quality score to return, inclusive. */
        ScoreMin: number;
        /** @description The page to read, from 1. */
        Page: number;
        /** @description How many items a page holds, from 1 to 100. */
        PerPage: number;
        /**
         * @description The order: `-score_qualite` (best score first, then name, then id; the default),
         *     `nom` (by name ignoring case and accents, then id) or `-updated_at` (most recently
         *     written first, then id).
         */
        Sort: "-score_qualite" | "nom" | "-updated_at";
        /**
         * @description The `next_cursor` of the previous page of the same search: the page starts just after
         *     that page's last row. Opaque; not to be combined with `page`.
         */
        Cursor: string;
        /** @description The id of an API key of the calling account. */
        KeyId: string;
        /** @description The id of a prospecting list of the calling account. */
        ListId: string;
        /** @description The id of a lead of that list. */
        LeadId: string;
        /** @description Lead statuses to keep, the parameter repeated once per value; without it, every lead. */
        LeadStatutFilter: components["schemas"]["LeadStatut"][];
        /** @description Only the tasks in this state; without it, every task. */
        TaskStatusFilter: components["schemas"]["ScrapingTaskStatus"];
        /** @description The id of a company of the database (`id` in search results, extraction results and leads). */
        EntrepriseId: string;
        /** @description The id of a webhook endpoint of the calling account. */
        WebhookEndpointId: string;
        /** @description The event's id, the same on every retry of it (deduplicate on it). */
        WebhookIdHeader: string;
        /** @description When this attempt was signed, in Unix seconds. */
        WebhookTimestampHeader: string;
        /** @description `v1,` then the base64 HMAC-SHA256 of `id.timestamp.body` keyed with the secret's bytes (several, space-separated, while a secret is rotated). */
        WebhookSignatureHeader: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Present and `true` when the answer is the stored answer to an earlier request with the same Idempotency-Key.
         * @example true
         */
        "Idempotent-Replayed": "true";
        /**
         * @description The request's id; the client's own when it sent a well-formed one.
         * @example 5d1c2f0e-7a43-4f7e-9d55-3f8f8c1b2a90
         */
        "X-Request-Id": string;
        /**
         * @description The rate-limit policy that applies to the request (draft-ietf-httpapi-ratelimit-headers):
         *     `q` requests per fixed window of `w` seconds. `"per-account"` for a request with a
         *     valid API key (its plan's limit); `"per-ip"` for a request without one, counted per
         *     client address (for example `"per-ip";q=60;w=60`).
         * @example "per-account";q=150;w=60
         */
        "RateLimit-Policy": string;
        /**
         * @description Where the client stands in the current window of that policy: `r` requests remaining,
         *     `t` seconds until the window resets (for example `"per-ip";r=59;t=60`).
         * @example "per-account";r=149;t=60
         */
        RateLimit: string;
        /**
         * @description Seconds to wait before the next request can succeed.
         * @example 42
         */
        "Retry-After": number;
        /**
         * @description The authentication scheme expected, with the reason the credentials were refused.
         * @example Bearer realm="prospecting-api", error="invalid_token"
         */
        "WWW-Authenticate": string;
        /**
         * @description On a 405, the methods the resource supports.
         * @example GET
         */
        Allow: string;
        /**
         * @description The export is an attachment named after the list: `attachment; filename="<slug>.csv"`.
         * @example attachment; filename="btp-alger-t1.csv"
         */
        "Content-Disposition": string;
        /**
         * @description Where to read the task (`/v1/scraping/tasks/{task_id}`).
         * @example /v1/scraping/tasks/6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9
         */
        Location: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calling account. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    listCreditLedger: {
        parameters: {
            query?: {
                /** @description The page to read, from 1. */
                page?: components["parameters"]["Page"];
                /** @description How many items a page holds, from 1 to 100. */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the account's credit movements. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description The page to read, from 1. */
                page?: components["parameters"]["Page"];
                /** @description How many items a page holds, from 1 to 100. */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the account's API keys. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyCreate"];
            };
        };
        responses: {
            /** @description The new key, with its secret. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of an API key of the calling account. */
                key_id: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    searchEntreprises: {
        parameters: {
            query?: {
                /**
                 * @description Words that must all appear in the company's name or activity, ignoring case and
                 *     accents; a word may match inside a longer word. Spaces may be sent as `%20` or `+`.
                 */
                query?: components["parameters"]["Query"];
                /** @description Wilaya codes (1-69), the parameter repeated once per value. */
                wilayas?: components["parameters"]["Wilayas"];
                /** @description Sector names or ids, the parameter repeated once per value, matched ignoring case and accents. */
                secteurs?: components["parameters"]["Secteurs"];
                /** @description The lowest quality score to return, inclusive. */
                score_min?: components["parameters"]["ScoreMin"];
                /**
                 * @description The order: `-score_qualite` (best score first, then name, then id; the default),
                 *     `nom` (by name ignoring case and accents, then id) or `-updated_at` (most recently
                 *     written first, then id).
                 */
                sort?: components["parameters"]["Sort"];
                /** @description The page to read, from 1. */
                page?: components["parameters"]["Page"];
                /** @description How many items a page holds, from 1 to 100. */
                per_page?: components["parameters"]["PerPage"];
                /**
                 * @description The `next_cursor` of the previous page of the same search: the page starts just after
                 *     that page's last row. Opaque; not to be combined with `page`.
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of matching companies. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntreprisePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    getEntrepriseFacets: {
        parameters: {
            query?: {
                /**
                 * @description Words that must all appear in the company's name or activity, ignoring case and
                 *     accents; a word may match inside a longer word. Spaces may be sent as `%20` or `+`.
                 */
                query?: components["parameters"]["Query"];
                /** @description Wilaya codes (1-69), the parameter repeated once per value. */
                wilayas?: components["parameters"]["Wilayas"];
                /** @description Sector names or ids, the parameter repeated once per value, matched ignoring case and accents. */
                secteurs?: components["parameters"]["Secteurs"];
                /** @description The lowest quality score to return, inclusive. */
                score_min?: components["parameters"]["ScoreMin"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counts. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntrepriseFacets"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    getEntreprise: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a company of the database (`id` in search results, extraction results and leads). */
                id: components["parameters"]["EntrepriseId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The company. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Entreprise"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    listWilayas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every wilaya, by code. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WilayaList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    listSecteurs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every sector, by name. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecteurList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    runScraping: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key of the client's choosing (a UUID is a good one) that makes retries safe: the
                 *     same key with the same body within 24 hours gets the stored answer, never a second run
                 *     or charge.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ScrapingRunRequest"];
            };
        };
        responses: {
            /** @description The finished task, with the companies found and what was billed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScrapingTask"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            502: components["responses"]["BadGateway"];
            default: components["responses"]["Error"];
        };
    };
    listScrapingTasks: {
        parameters: {
            query?: {
                /** @description Only the tasks in this state; without it, every task. */
                status?: components["parameters"]["TaskStatusFilter"];
                /** @description The page to read, from 1. */
                page?: components["parameters"]["Page"];
                /** @description How many items a page holds, from 1 to 100. */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the account's tasks. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScrapingTaskPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    createScrapingTask: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key of the client's choosing (a UUID is a good one) that makes retries safe: the
                 *     same key with the same body within 24 hours gets the stored answer, never a second run
                 *     or charge.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ScrapingRunRequest"];
            };
        };
        responses: {
            /** @description The task, queued. */
            202: {
                headers: {
                    Location: components["headers"]["Location"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScrapingTaskPending"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    getScrapingTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of an extraction task of the calling account. */
                task_id: components["parameters"]["TaskId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScrapingTask"] | components["schemas"]["ScrapingTaskPending"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    cancelScrapingTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of an extraction task of the calling account. */
                task_id: components["parameters"]["TaskId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task, cancelled. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScrapingTaskPending"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["TaskConflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description The page to read, from 1. */
                page?: components["parameters"]["Page"];
                /** @description How many items a page holds, from 1 to 100. */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the account's webhook endpoints. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointCreate"];
            };
        };
        responses: {
            /** @description The new endpoint, with its signing secret (shown only this once). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a webhook endpoint of the calling account. */
                id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description The page to read, from 1. */
                page?: components["parameters"]["Page"];
                /** @description How many items a page holds, from 1 to 100. */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path: {
                /** @description The id of a webhook endpoint of the calling account. */
                id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the endpoint's deliveries. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    listLists: {
        parameters: {
            query?: {
                /** @description The page to read, from 1. */
                page?: components["parameters"]["Page"];
                /** @description How many items a page holds, from 1 to 100. */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the account's lists. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    createList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ListCreate"];
            };
        };
        responses: {
            /** @description The new list, with no lead yet. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    getList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    deleteList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list and its leads are deleted; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    updateList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ListUpdate"];
            };
        };
        responses: {
            /** @description The list as changed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["List"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    listLeads: {
        parameters: {
            query?: {
                /** @description Lead statuses to keep, the parameter repeated once per value; without it, every lead. */
                statut?: components["parameters"]["LeadStatutFilter"];
                /** @description The page to read, from 1. */
                page?: components["parameters"]["Page"];
                /** @description How many items a page holds, from 1 to 100. */
                per_page?: components["parameters"]["PerPage"];
            };
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list's leads. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    addLeads: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadAdd"];
            };
        };
        responses: {
            /** @description A bulk add (`entreprise_ids` or `task_id`): what was added and what was already there. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadBulkResult"];
                };
            };
            /** @description A single add (`entreprise_id`): the new lead. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lead"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["LeadTargetNotFound"];
            409: components["responses"]["LeadConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    addLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadAddSingle"];
            };
        };
        responses: {
            /** @description The new lead. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lead"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["LeadTargetNotFound"];
            409: components["responses"]["LeadConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    addLeadsBulk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadAddBulk"];
            };
        };
        responses: {
            /** @description What was added and what was already there. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadBulkResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["LeadTargetNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    deleteLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
                /** @description The id of a lead of that list. */
                lead_id: components["parameters"]["LeadId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lead is removed; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    updateLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
                /** @description The id of a lead of that list. */
                lead_id: components["parameters"]["LeadId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadUpdate"];
            };
        };
        responses: {
            /** @description The lead as changed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lead"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    exportList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a prospecting list of the calling account. */
                id: components["parameters"]["ListId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list's leads as CSV. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Error"];
        };
    };
    onScrapingTaskCompleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every retry of it (deduplicate on it). */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /** @description When this attempt was signed, in Unix seconds. */
                "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                /** @description `v1,` then the base64 HMAC-SHA256 of `id.timestamp.body` keyed with the secret's bytes (several, space-separated, while a secret is rotated). */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /**
                     * @description This event's type.
                     * @constant
                     */
                    type: "scraping.task.completed";
                    data: components["schemas"]["ScrapingTask"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status acknowledges the delivery). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onScrapingTaskFailed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every retry of it (deduplicate on it). */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /** @description When this attempt was signed, in Unix seconds. */
                "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                /** @description `v1,` then the base64 HMAC-SHA256 of `id.timestamp.body` keyed with the secret's bytes (several, space-separated, while a secret is rotated). */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /**
                     * @description This event's type.
                     * @constant
                     */
                    type: "scraping.task.failed";
                    data: components["schemas"]["ScrapingTask"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status acknowledges the delivery). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCreditsBalanceLow: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id, the same on every retry of it (deduplicate on it). */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /** @description When this attempt was signed, in Unix seconds. */
                "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                /** @description `v1,` then the base64 HMAC-SHA256 of `id.timestamp.body` keyed with the secret's bytes (several, space-separated, while a secret is rotated). */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /**
                     * @description This event's type.
                     * @constant
                     */
                    type: "credits.balance_low";
                    data: components["schemas"]["CreditsBalanceLow"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status acknowledges the delivery). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
