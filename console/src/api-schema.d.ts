/**
 * GENERATED FILE, do not edit: written by openapi-typescript from openapi.json
 * (scripts/write-console-schema.mjs, run by `npm run openapi`). console/src/api.ts names its types.
 */

export interface paths {
    "/auth.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange an API key for an access token and a refresh token
         * @description No body is needed; one is ignored.
         */
        post: operations["AuthController_issue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth_refresh.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a refresh token for a new token set
         * @description The presented refresh token is spent (rotation). Reusing a spent token after REFRESH_REUSE_GRACE revokes its whole family. If X-API-KEY is also sent it must be the key that owns the token.
         */
        post: operations["AuthController_refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contact_api.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key's custom fields and a JSON Schema of the submission body
         * @description Lets a client system build its form: `fields` are the definitions it may send (in order), `schema` a JSON Schema 2020-12 of the whole POST body (formats date, email and uri asserted). Carries an ETag; If-None-Match with it answers 304. A new version of the fields applies within API_KEY_CACHE_TTL.
         */
        get: operations["ContactController_form"];
        put?: never;
        /**
         * Submit a contact request
         * @description Checks in order: unknown fields, missing name, then invalid fields (name, email, phone, business, message); then the key's custom fields in `fields` (part five): unknown, missing, invalid, each in the key's order. The 200 is sent only after the submission is committed.
         */
        post: operations["ContactController_submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in; sets the session cookie, or asks for the second factor
         * @description An account without a second factor is signed in (Set-Cookie carries the session). For one with a second factor the answer is `{"second_factor": [...]}` and a short-lived __Host-ci_login cookie, and no session: POST /staff/api/login/second-factor completes it.
         */
        post: operations["StaffAuthController_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out: ends the session
         * @description Sign out: ends the session
         */
        post: operations["StaffAuthController_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in account
         * @description The signed-in account
         */
        get: operations["StaffAuthController_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Mark yourself away (or back): round-robin assignment passes over an away account
         * @description Audited as `staff.updated`. Rules that assign you by name (`assign`) still do.
         */
        patch: operations["StaffAuthController_updateMe"];
        trace?: never;
    };
    "/staff/api/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your own password: the account's other sessions end, this one goes on under a new cookie (its st_ tokens stay); a wrong current password counts as a failed sign-in
         * @description Change your own password: the account's other sessions end, this one goes on under a new cookie (its st_ tokens stay); a wrong current password counts as a failed sign-in
         */
        post: operations["StaffAuthController_changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Choose a new password with the token of a reset link (once, within the hour); then sign in with it. Failures count against the IP like failed sign-ins
         * @description Choose a new password with the token of a reset link (once, within the hour); then sign in with it. Failures count against the IP like failed sign-ins
         */
        post: operations["StaffAuthController_useResetLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every staff account
         * @description Every staff account
         */
        get: operations["StaffAdminController_list"];
        put?: never;
        /**
         * Create an account; the answer is the only time its password is shown
         * @description Create an account; the answer is the only time its password is shown
         */
        post: operations["StaffAdminController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/staff/assignable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The active accounts a submission can be assigned to (any staff member may ask)
         * @description The active accounts a submission can be assigned to (any staff member may ask)
         */
        get: operations["StaffAdminController_assignable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/staff/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change name, role or disabled (disabling ends sessions within seconds)
         * @description Change name, role or disabled (disabling ends sessions within seconds)
         */
        patch: operations["StaffAdminController_update"];
        trace?: never;
    };
    "/staff/api/staff/{id}/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset another account's password: its sessions end and its st_ tokens are revoked. Without SMTP_URL, a one-time password (shown this once) the account must replace at its next sign-in; with SMTP_URL, a link to choose one (valid one hour, once) is mailed to the account's address
         * @description Reset another account's password: its sessions end and its st_ tokens are revoked. Without SMTP_URL, a one-time password (shown this once) the account must replace at its next sign-in; with SMTP_URL, a link to choose one (valid one hour, once) is mailed to the account's address
         */
        post: operations["StaffAdminController_resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List submissions, newest first or by due time, filtered, keyset-paged
         * @description Custom field filters, besides the parameters below: `field.<name>=<value>` for a select, multi_select (one of its choices is the value) or checkbox (`true` or `false`) field, and `field.<name>=<from>..<to>` for a number or date (`YYYY-MM-DD`) field, inclusive, either end left open (`5..`, `..2026-12-31`). `<name>` is a field of any API key, current or retired; a submission matches when its value does. Several filters all apply, with the other parameters. A name no key defines, a personal field, a text-like field, or a value that does not fit the type (a select value is at most 100 characters) is 400 `Invalid field: field.<name>`.
         */
        get: operations["StaffSubmissionsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/submissions/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Submissions per workflow status; with the list's filters (but status), those that match them (where a search found something)
         * @description Custom field filters, besides the parameters below: `field.<name>=<value>` for a select, multi_select (one of its choices is the value) or checkbox (`true` or `false`) field, and `field.<name>=<from>..<to>` for a number or date (`YYYY-MM-DD`) field, inclusive, either end left open (`5..`, `..2026-12-31`). `<name>` is a field of any API key, current or retired; a submission matches when its value does. Several filters all apply, with the other parameters. A name no key defines, a personal field, a text-like field, or a value that does not fit the type (a select value is at most 100 characters) is 400 `Invalid field: field.<name>`.
         */
        get: operations["StaffSubmissionsController_counts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/submissions/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The list's filters as RFC 4180 CSV with a UTF-8 byte order mark, streamed; formula-like cells prefixed with '; downloaded as submissions-<date>.csv
         * @description A column per custom field after the fixed ones, headed `field.<name>`: every field, current and retired, of the exported rows' keys, by key, then in the key's order (multi_select choices joined with `; `, checkboxes `true` or `false`, empty without a value). Custom field filters, besides the parameters below: `field.<name>=<value>` for a select, multi_select (one of its choices is the value) or checkbox (`true` or `false`) field, and `field.<name>=<from>..<to>` for a number or date (`YYYY-MM-DD`) field, inclusive, either end left open (`5..`, `..2026-12-31`). `<name>` is a field of any API key, current or retired; a submission matches when its value does. Several filters all apply, with the other parameters. A name no key defines, a personal field, a text-like field, or a value that does not fit the type (a select value is at most 100 characters) is 400 `Invalid field: field.<name>`.
         */
        get: operations["StaffSubmissionsController_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/submissions/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply one change to up to 500 submissions
         * @description Each row changes under the rules of one PATCH, without If-Match: the rows are read, then each is written only if it is still at the version read, so a row someone changed in between is reported (`Submission changed; reload it`), never overwritten. One result per id, in the order given; a missing id is `Not found`, a refused change its message (`Submission is merged`). Each changed row gets its own audit events, webhooks and live events.
         */
        post: operations["StaffSubmissionsController_bulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/submissions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One submission with its deliveries, notes and events
         * @description One submission with its deliveries, notes and events
         */
        get: operations["StaffSubmissionsController_detail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change status, assignee, priority, tags (the whole new list) and/or custom fields; requires If-Match with the current ETag
         * @description Change status, assignee, priority, tags (the whole new list) and/or custom fields; requires If-Match with the current ETag
         */
        patch: operations["StaffSubmissionsController_update"];
        trace?: never;
    };
    "/staff/api/submissions/{id}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge this submission into another
         * @description Moves the timeline (messages, customer mail, files), notes and tags (union, at most ten) into the target and closes this one as `merged` for good, linked both ways (`merged_into` here, `merged_from` there). Mail that threads to this one arrives in the target. Answers the target, with its ETag.
         */
        post: operations["StaffSubmissionsController_merge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/submissions/{id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a note
         * @description Add a note
         */
        post: operations["StaffSubmissionsController_addNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/submissions/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the submission through the staff channels again
         * @description Send the submission through the staff channels again
         */
        post: operations["StaffSubmissionsController_redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/submissions/{id}/replies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer the requester by e-mail: stored, then sent through the queue; requires If-Match
         * @description Answer the requester by e-mail: stored, then sent through the queue; requires If-Match
         */
        post: operations["ConversationsController_reply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/messages/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a failed message again
         * @description Send a failed message again
         */
        post: operations["ConversationsController_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/attachments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The exact bytes of a stored file, streamed, always as a download unless ?inline=1 for an image
         * @description Content-Disposition: attachment with the UTF-8 name (filename*=UTF-8''...), X-Content-Type-Options: nosniff and Content-Security-Policy: sandbox. A type a browser could run (HTML, SVG, XML, JavaScript, PDF, anything unknown) is served as application/octet-stream. inline=1 is allowed for a PNG, JPEG, GIF or WebP whose bytes are what it claims (inline_image in the timeline).
         */
        get: operations["AttachmentsController_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file for a reply: the raw bytes as application/octet-stream, the name in ?name=
         * @description Streamed and stored sealed like every file; it belongs to the uploader until one of their replies names it ("attachments": [id]); an upload no reply used is deleted after 24 hours. At most ATTACHMENT_MAX_BYTES.
         */
        post: operations["UploadsController_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/mailbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the mailbox is connected, when it was last polled and what went wrong last
         * @description The mailbox of INBOUND_IMAP_URL / SMTP_URL. With MAIL_OAUTH_PROVIDER it signs in with the grant an admin connected; a refused grant reads needs_reconnect until an admin connects it again.
         */
        get: operations["MailboxController_view"];
        put?: never;
        post?: never;
        /**
         * Disconnect the mailbox: its grant is forgotten (and revoked where the provider offers it)
         * @description Disconnect the mailbox: its grant is forgotten (and revoked where the provider offers it)
         */
        delete: operations["MailboxController_disconnect"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/mailbox/connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Begin connecting the mailbox: the provider's authorization URL for this browser
         * @description The authorization-code flow with PKCE (S256) and a one-time state against MAIL_OAUTH_PROVIDER. Open authorization_url in this browser: it sets the ci_mailbox cookie (10 minutes) that binds the flow to it, and the provider sends it back to GET /staff/api/mailbox/callback.
         */
        post: operations["MailboxController_connect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/mailbox/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the provider sends the admin's browser back: the code becomes the mailbox's grant
         * @description Authenticated by its one-time state (begun by an admin within 10 minutes) together with the ci_mailbox cookie that Connect set on that admin's browser (the session cookie is not sent on a redirect from another site). The grant must be for the configured mailbox. Always answers 303 to the console's Settings page, with ?mailbox=connected or ?mailbox_error=<code>: not_oauth, not_begun_here, not_granted, code_refused, no_refresh_token, unknown_account or wrong_account.
         */
        get: operations["MailboxController_callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/login/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a sign-in with the authenticator app's code or a recovery code; sets the session cookie
         * @description After POST /staff/api/login answered `{"second_factor": [...]}`: its __Host-ci_login cookie and a code. A wrong code counts against the same lockout as a wrong password; each code and recovery code works once.
         */
        post: operations["SecondFactorController_completeSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/me/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Begin setting up an authenticator app: its secret and otpauth URL (pending until confirmed)
         * @description Begin setting up an authenticator app: its secret and otpauth URL (pending until confirmed)
         */
        post: operations["SecondFactorController_start"];
        /**
         * Turn the authenticator app off, with a code of it or a recovery code
         * @description Turn the authenticator app off, with a code of it or a recovery code
         */
        delete: operations["SecondFactorController_turnOff"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/me/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the app with its first code: it becomes a second factor, and the ten recovery codes are shown once
         * @description Confirm the app with its first code: it becomes a second factor, and the ten recovery codes are shown once
         */
        post: operations["SecondFactorController_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/me/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your signed-in sessions, most recently used first (`current`: this one)
         * @description Your signed-in sessions, most recently used first (`current`: this one)
         */
        get: operations["StaffSessionsController_mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/me/sessions/{id}": {
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
         * End one of your sessions: its next request is refused, in every API process
         * @description End one of your sessions: its next request is refused, in every API process
         */
        delete: operations["StaffSessionsController_endMine"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/staff/{id}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account's signed-in sessions (admins)
         * @description An account's signed-in sessions (admins)
         */
        get: operations["StaffSessionsAdminController_ofAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/staff/{id}/sessions/{sid}": {
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
         * End one of an account's sessions (admins)
         * @description End one of an account's sessions (admins)
         */
        delete: operations["StaffSessionsAdminController_endOfAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/sign-in-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the sign-in page offers: password, single sign-on, or both (no sign-in needed)
         * @description What the sign-in page offers: password, single sign-on, or both (no sign-in needed)
         */
        get: operations["SingleSignOnController_options"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/sso/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Begin single sign-on: 302 to the OpenID provider's sign-in (PKCE, state, nonce)
         * @description Sets the ci_sso cookie that binds the sign-in to this browser (10 minutes). 404 without OIDC_ISSUER.
         */
        get: operations["SingleSignOnController_start"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/sso/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the provider sends the browser back: the session cookie (or the second step), then 303 to the console
         * @description Checks the state against the ci_sso cookie, exchanges the code (PKCE), verifies the ID token and its nonce, and signs in the active account of its verified e-mail. 303 to the console: signed in, `#/?second_factor=...` when the account has one to ask for (a __Host-ci_login cookie is set), or `#/?sso_error=<code>` (not_begun_here, provider_refused, answer_unverified, no_verified_address, no_account, not_set_up, provider_unreachable or refused).
         */
        get: operations["SingleSignOnController_callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/me/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your passkeys
         * @description Your passkeys
         */
        get: operations["PasskeysController_list"];
        put?: never;
        /**
         * Register a passkey: the browser's answer to the options, and its name
         * @description Register a passkey: the browser's answer to the options, and its name
         */
        post: operations["PasskeysController_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/me/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Registration options for a new passkey (navigator.credentials.create), good for 5 minutes
         * @description A discoverable credential with user verification required; the relying party is PUBLIC_URL's host (in production without PUBLIC_URL every passkey ceremony answers 409).
         */
        post: operations["PasskeysController_registrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/me/passkeys/{id}": {
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
         * Remove one of your passkeys
         * @description Remove one of your passkeys
         */
        delete: operations["PasskeysController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/login/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign-in options for a passkey (navigator.credentials.get); sets the ci_passkey cookie (5 minutes)
         * @description On its own: any of the service's passkeys (discoverable). During the second step of a sign-in (with its __Host-ci_login cookie): only that account's passkeys.
         */
        post: operations["PasskeysController_signInOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/login/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a passkey (on its own: two factors), or complete a password sign-in with one
         * @description Sign in with a passkey (on its own: two factors), or complete a password sign-in with one
         */
        post: operations["PasskeysController_signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/canned-replies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every canned reply, by title
         * @description Every canned reply, by title
         */
        get: operations["CannedRepliesController_list"];
        put?: never;
        /**
         * Add a canned reply (`{{name}}`, `{{ref}}`, `{{agent}}` are filled where it is inserted)
         * @description Add a canned reply (`{{name}}`, `{{ref}}`, `{{agent}}` are filled where it is inserted)
         */
        post: operations["CannedRepliesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/canned-replies/{id}": {
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
         * Delete a canned reply (its author or an admin)
         * @description Delete a canned reply (its author or an admin)
         */
        delete: operations["CannedRepliesController_remove"];
        options?: never;
        head?: never;
        /**
         * Change the title and/or body of a canned reply
         * @description Change the title and/or body of a canned reply
         */
        patch: operations["CannedRepliesController_update"];
        trace?: never;
    };
    "/staff/api/sla-policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every SLA policy, in the order they are tried (position, then name)
         * @description Every SLA policy, in the order they are tried (position, then name)
         */
        get: operations["SlaPoliciesController_list"];
        put?: never;
        /**
         * Add an SLA policy: first response and resolution targets in business minutes, its business hours and the submissions it applies to
         * @description Add an SLA policy: first response and resolution targets in business minutes, its business hours and the submissions it applies to
         */
        post: operations["SlaPoliciesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/sla-policies/{id}": {
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
         * Delete an SLA policy (submissions keep the targets it set)
         * @description Delete an SLA policy (submissions keep the targets it set)
         */
        delete: operations["SlaPoliciesController_remove"];
        options?: never;
        head?: never;
        /**
         * Change an SLA policy (the fields given); it applies to new submissions and to those whose priority or labels change from now on
         * @description Change an SLA policy (the fields given); it applies to new submissions and to those whose priority or labels change from now on
         */
        patch: operations["SlaPoliciesController_update"];
        trace?: never;
    };
    "/staff/api/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every rule, in the order they run (position, then name)
         * @description Disabled rules too (`enabled: false`): they are kept but never run.
         */
        get: operations["RulesController_list"];
        put?: never;
        /**
         * Add a rule: when its event happens and its conditions hold, its actions change the submission
         * @description Rules run in position order inside the change's transaction, each change audited with the rule as the actor; a rule's own changes never trigger rules. At most 100 rules.
         */
        post: operations["RulesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/rules/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test a rule's conditions (saved or not) against a submission as it is now
         * @description Answers whether every condition holds, with one sentence per condition ("email_domain is example.com: yes (example.com)"). Changes nothing. For message_received, subject and message are those of its newest customer mail.
         */
        post: operations["RulesController_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/rules/{id}": {
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
         * Delete a rule (what it changed stays changed; the audit keeps its changes)
         * @description Delete a rule (what it changed stays changed; the audit keeps its changes)
         */
        delete: operations["RulesController_remove"];
        options?: never;
        head?: never;
        /**
         * Change a rule (the fields given); the next change of a submission runs it as changed
         * @description Change a rule (the fields given); the next change of a submission runs it as changed
         */
        patch: operations["RulesController_update"];
        trace?: never;
    };
    "/staff/api/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Figures over a period by day or week, by assignee, API key and label (and a select field with `field`): arrivals, closings, spam, median and 90th percentile of first response and resolution in business minutes, SLAs kept; the open work now. `Accept: text/csv` answers the same as CSV
         * @description Figures over a period by day or week, by assignee, API key and label (and a select field with `field`): arrivals, closings, spam, median and 90th percentile of first response and resolution in business minutes, SLAs kept; the open work now. `Accept: text/csv` answers the same as CSV
         */
        get: operations["ReportsController_report"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbound/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A mail provider's "forward the raw message" route: the raw RFC 5322 message, Bearer INBOUND_TOKEN
         * @description A mail provider's "forward the raw message" route: the raw RFC 5322 message, Bearer INBOUND_TOKEN
         */
        post: operations["InboundController_receive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/inbound/unmatched": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Inbound mail that matched no submission, newest first (admins)
         * @description Inbound mail that matched no submission, newest first (admins)
         */
        get: operations["InboundController_unmatched"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A survey link's page: the rating form, the link's choice preselected; opening it records nothing
         * @description What the survey mail links to (`?token=...&rating=good|not_good`). Mail scanners open links, so a GET never rates: the page shows the form (HTML, no script) with the choice preselected and an optional comment, and only sending it records the rating. A link already used shows the recorded rating.
         */
        get: operations["RatingsController_open"];
        put?: never;
        /**
         * The rating page's form: records the rating and comment once
         * @description Sent by the page as `application/x-www-form-urlencoded`. The first answer of a survey is recorded (the webhook event `submission.rated` goes out); any later one changes nothing and is answered 409.
         */
        post: operations["RatingsController_answer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Server-sent events: `data: {"type","id","version"?}` for submission.created, submission.changed, submission.message_received and presence (ids only: reload through the API); a comment line every LIVE_HEARTBEAT_INTERVAL seconds; ends when the session ends or the server stops (reconnect after `retry:`); an account holds at most STAFF_MAX_STREAMS open streams across the API processes (one more: 429)
         * @description Server-sent events: `data: {"type","id","version"?}` for submission.created, submission.changed, submission.message_received and presence (ids only: reload through the API); a comment line every LIVE_HEARTBEAT_INTERVAL seconds; ends when the session ends or the server stops (reconnect after `retry:`); an account holds at most STAFF_MAX_STREAMS open streams across the API processes (one more: 429)
         */
        get: operations["LiveController_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/submissions/{id}/viewing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who else has this submission open
         * @description Who else has this submission open
         */
        get: operations["LiveController_viewers"];
        put?: never;
        /**
         * I have this submission open (`viewing: true`, renewed every 20 s; it lapses after 45 s) or I left it (`false`); answers who else has it open. Arrivals and departures are `presence` events on the stream
         * @description I have this submission open (`viewing: true`, renewed every 20 s; it lapses after 45 s) or I left it (`false`); answers who else has it open. Arrivals and departures are `presence` events on the stream
         */
        post: operations["LiveController_viewing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every API key (never the keys themselves)
         * @description Every API key (never the keys themselves)
         */
        get: operations["ApiKeysAdminController_list"];
        put?: never;
        /**
         * Create a key; the answer is the only time the key is shown
         * @description Create a key; the answer is the only time the key is shown
         */
        post: operations["ApiKeysAdminController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename a key, change its limits, retention, reply sender, acknowledgement, spam filter or satisfaction survey (applied within API_KEY_CACHE_TTL)
         * @description Rename a key, change its limits, retention, reply sender, acknowledgement, spam filter or satisfaction survey (applied within API_KEY_CACHE_TTL)
         */
        patch: operations["ApiKeysAdminController_update"];
        trace?: never;
    };
    "/staff/api/keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a key: its tokens stop working within API_KEY_CACHE_TTL
         * @description Revoke a key: its tokens stop working within API_KEY_CACHE_TTL
         */
        post: operations["ApiKeysAdminController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/keys/{id}/fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key's custom fields (the current version)
         * @description The key's custom fields (the current version)
         */
        get: operations["CustomFieldsController_view"];
        /**
         * Replace the key's custom fields with this list (a new version, audited)
         * @description A field left out is retired: its values stay, shown and exported as retired, and new submissions may not send it. A name keeps its type and `personal` for life. Clients' intake applies it within API_KEY_CACHE_TTL.
         */
        put: operations["CustomFieldsController_replace"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every recorded event (changes, sign-ins), filtered, keyset-paged
         * @description Every recorded event (changes, sign-ins), filtered, keyset-paged
         */
        get: operations["AuditController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every webhook destination (never its secret)
         * @description Every webhook destination (never its secret)
         */
        get: operations["WebhooksAdminController_list"];
        put?: never;
        /**
         * Add a destination; the answer is the only time its secret is shown
         * @description Add a destination; the answer is the only time its secret is shown
         */
        post: operations["WebhooksAdminController_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/webhooks/{id}": {
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
         * Remove a destination (its pending deliveries fail)
         * @description Remove a destination (its pending deliveries fail)
         */
        delete: operations["WebhooksAdminController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new secret; the old one signs beside it for WEBHOOK_SECRET_OVERLAP
         * @description A new secret; the old one signs beside it for WEBHOOK_SECRET_OVERLAP
         */
        post: operations["WebhooksAdminController_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/webhooks/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a destination again (after a 410, say)
         * @description Enable a destination again (after a 410, say)
         */
        post: operations["WebhooksAdminController_enable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook deliveries newest first with their attempts (status=failed: what needs a replay)
         * @description Webhook deliveries newest first with their attempts (status=failed: what needs a replay)
         */
        get: operations["WebhooksAdminController_listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/deliveries/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook delivery again now (one attempt)
         * @description Refused (409) while the delivery is being attempted, and for 5 seconds after a replay of it, however soon that replay finished: replays sent together or in quick succession send once.
         */
        post: operations["WebhooksAdminController_replay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/privacy/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Everything stored with this e-mail address (an audit event names only its hash)
         * @description Everything stored with this e-mail address (an audit event names only its hash)
         */
        post: operations["PrivacyAdminController_export"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/api/privacy/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase every submission with this e-mail address, its notes, records and queued jobs
         * @description Erase every submission with this e-mail address, its notes, records and queued jobs
         */
        post: operations["PrivacyAdminController_erase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        TokenSetDto: {
            /**
             * @description JWT (HS256, typ at+jwt) to send as Authorization: Bearer
             * @example eyJhbGciOiJIUzI1NiIsInR5cCI6ImF0K2p3dCIsImtpZCI6Ii4uLiJ9.eyJzdWIiOiIuLi4ifQ.sig
             */
            access_token: string;
            /**
             * @example Bearer
             * @enum {string}
             */
            token_type: "Bearer";
            /**
             * @description Lifetime of the access token in seconds
             * @example 900
             */
            expires_in: number;
            /**
             * @description Opaque, single-use refresh token (rotated on every refresh)
             * @example rt_Y-HDKtZ5Iv5W-0UiccWJ0aH6-C09FVnfpPnI9_HQ-kU
             */
            refresh_token: string;
        };
        RefreshTokenDto: {
            /**
             * @description The refresh token from /auth.php or the last refresh
             * @example rt_Y-HDKtZ5Iv5W-0UiccWJ0aH6-C09FVnfpPnI9_HQ-kU
             */
            refresh_token: string;
        };
        CreateSubmissionDto: {
            /**
             * @description Name of the sender (trimmed)
             * @example Ada Lovelace
             */
            name: string;
            /**
             * Format: email
             * @description E-mail address
             * @example ada@example.com
             */
            email?: string | null;
            /**
             * @description Telephone: digits, spaces and + - ( ) . / x
             * @example +44 20 7946 0958
             */
            phone?: string | null;
            /**
             * @description Business name
             * @example Analytical Engines Ltd
             */
            business?: string | null;
            /**
             * @description Free text (tab, CR and LF allowed)
             * @example Please call me back.
             */
            message?: string | null;
        };
        SubmissionResultDto: {
            /** @enum {string} */
            status: "success";
            /** @enum {string} */
            message: "Submission received";
            /**
             * @description UUIDv7 of the stored submission
             * @example 01a20093-2c13-73ce-ba5f-bebabadb9343
             */
            id: string;
        };
        FieldDefinitionDto: {
            /** @example order_number */
            name: string;
            /** @example Order number */
            label: string;
            /** @enum {string} */
            type: "text" | "long_text" | "number" | "date" | "email" | "url" | "phone" | "select" | "multi_select" | "checkbox";
            /** @default false */
            required: boolean;
            /** @description select and multi_select: the choices (1-100, distinct, each 1-100 characters) */
            options?: string[] | null;
            /** @description text (1-1000, the default) and long_text (1-10000, the default) */
            max_length?: number | null;
            /** @description number: the smallest value */
            min?: number | null;
            /** @description number: the largest value */
            max?: number | null;
            /** @description A hint shown with the field */
            help?: string | null;
            /** @description Sealed with encryption at rest, erased and exported with the submission; not filterable. Default: true for text, long_text, email, phone and url. Fixed for the life of the name. */
            personal?: boolean;
            /**
             * @description Set by staff only: never sent by clients, never shown to the requester
             * @default false
             */
            staff_only: boolean;
        };
        IntakeFormDto: {
            /** @enum {string} */
            status: "success";
            /** @description The fields the key takes in `fields`, in order (never staff_only ones) */
            fields: components["schemas"]["FieldDefinitionDto"][];
            /** @description JSON Schema 2020-12 of the POST body (part one fields and `fields`) */
            schema: {
                [key: string]: unknown;
            };
        };
        SecondFactorNeededDto: {
            /** @description The ways this account can complete sign-in; Set-Cookie carries __Host-ci_login (no session yet) */
            second_factor: ("totp" | "passkey" | "recovery_code")[];
        };
        SignInDto: {
            /** @example grace@example.com */
            email: string;
            /** @example correct horse battery staple */
            password: string;
        };
        StaffAccountDto: {
            /** @example 01a20093-2c13-73ce-ba5f-bebabadb9343 */
            id: string;
            /** @example grace@example.com */
            email: string;
            /** @example Grace Hopper */
            name: string;
            /** @enum {string} */
            role: "admin" | "agent";
            /** @description Signed in with a one-time password: every other route answers 403 until POST /staff/api/me/password */
            must_change_password: boolean;
            /** @description The second factors the account has (empty: a password alone signs it in) */
            second_factors: ("totp" | "passkey" | "recovery_code")[];
            /** @description STAFF_2FA_REQUIRED asks this account for a second factor and it has none: a session reaches only its own account routes until it sets one up (POST /staff/api/me/totp) */
            second_factor_required: boolean;
            /** @description Marked away (PATCH /staff/api/me): round-robin assignment passes over the account */
            away: boolean;
        };
        UpdateOwnAccountDto: {
            /** @description Away: round-robin assignment (rules) passes over this account until it is back (false) */
            away: boolean;
        };
        ChangePasswordDto: {
            /** @description The password the account signs in with now */
            current_password: string;
            new_password: string;
        };
        UseResetLinkDto: {
            /** @description The `token` parameter of the link in the reset e-mail */
            token: string;
            new_password: string;
        };
        StaffAccountAdminView: {
            /** @example 01a20093-2c13-73ce-ba5f-bebabadb9343 */
            id: string;
            /** @example grace@example.com */
            email: string;
            /** @example Grace Hopper */
            name: string;
            /** @enum {string} */
            role: "admin" | "agent";
            /** @description Signed in with a one-time password: every other route answers 403 until POST /staff/api/me/password */
            must_change_password: boolean;
            /** @description Marked away (PATCH /staff/api/me): round-robin assignment passes over the account */
            away: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_login_at: string | null;
            /** Format: date-time */
            disabled_at: string | null;
        };
        NamedRefView: {
            /** @example 01a20093-2c13-73ce-ba5f-bebabadb9343 */
            id: string;
            /** @example Website form */
            name: string;
        };
        CreateStaffAccountDto: {
            /**
             * Format: email
             * @example grace@example.com
             */
            email: string;
            /** @example Grace Hopper */
            name: string;
            /** @enum {string} */
            role: "admin" | "agent";
            /** @description Generated when absent */
            password?: string;
        };
        CreatedStaffAccountView: {
            /** @example 01a20093-2c13-73ce-ba5f-bebabadb9343 */
            id: string;
            /** @example grace@example.com */
            email: string;
            /** @example Grace Hopper */
            name: string;
            /** @enum {string} */
            role: "admin" | "agent";
            /** @description Signed in with a one-time password: every other route answers 403 until POST /staff/api/me/password */
            must_change_password: boolean;
            /** @description Marked away (PATCH /staff/api/me): round-robin assignment passes over the account */
            away: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_login_at: string | null;
            /** Format: date-time */
            disabled_at: string | null;
            /** @description Shown once; generated unless one was given */
            password: string;
        };
        UpdateStaffAccountDto: {
            name?: string;
            /** @enum {string} */
            role?: "admin" | "agent";
            /** @description true ends the account's sessions and tokens within seconds */
            disabled?: boolean;
        };
        TemporaryPasswordView: {
            /** @description Shown once; the account must choose its own password when it signs in with it */
            temporary_password: string;
        };
        ResetLinkSentView: {
            /**
             * @description The account's address, which the link was sent to
             * @example grace@example.com
             */
            sent_to: string;
        };
        SubmissionFieldValueView: {
            /** @example order_number */
            name: string;
            /** @example Order number */
            label: string;
            /** @enum {string} */
            type: "text" | "long_text" | "number" | "date" | "email" | "url" | "phone" | "select" | "multi_select" | "checkbox";
            /** @description By type: a string, a number (number), a boolean (checkbox), a list of strings (multi_select); null: none */
            value: (string | null) | number | boolean | string[];
            /** @description No longer in the key's fields (the value stays) */
            retired: boolean;
        };
        SubmissionView: {
            /** @example 01a20093-2c13-73ce-ba5f-bebabadb9343 */
            id: string;
            /** @enum {string} */
            status: "new" | "open" | "pending" | "closed" | "spam" | "merged";
            /**
             * @description Delivery to the staff channels (part one)
             * @enum {string}
             */
            delivery_state: "received" | "queued" | "processing" | "delivered" | "failed";
            assignee: {
                /** @example 01a20093-2c13-73ce-ba5f-bebabadb9343 */
                id: string;
                /** @example Website form */
                name: string;
            } | null;
            api_key: components["schemas"]["NamedRefView"];
            name: string;
            email: string | null;
            phone: string | null;
            business: string | null;
            message: string | null;
            /** @description Counts staff changes; the ETag */
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            closed_at: string | null;
            /**
             * @description Short reference for people: `[#<ref>]` in every e-mail about it
             * @example 7K2M9QXD
             */
            ref: string;
            /**
             * Format: date-time
             * @description When staff first replied
             */
            first_response_at: string | null;
            /** @description Why the spam filter flagged it at intake; empty when it did not (marked by staff, or clean) */
            spam_reasons: ("duplicate" | "marked_sender" | "disposable_domain" | "link_stuffed")[];
            /**
             * @description `normal` unless staff set another
             * @enum {string}
             */
            priority: "low" | "normal" | "high" | "urgent";
            /**
             * @description Staff's labels, in the order they gave
             * @example [
             *       "billing",
             *       "VIP"
             *     ]
             */
            tags: string[];
            /** @description The key's custom fields in the key's order (value null: none), then retired fields it has a value of */
            fields: components["schemas"]["SubmissionFieldValueView"][];
            /** @description Its service level; null: no SLA policy applies */
            sla: {
                /**
                 * Format: uuid
                 * @description The SLA policy that applies (chosen at intake and when priority or tags change)
                 */
                policy_id: string;
                /**
                 * Format: date-time
                 * @description When the first reply is due (business minutes of the policy); null: the policy sets no such target
                 */
                first_response_due_at: string | null;
                /**
                 * Format: date-time
                 * @description When it must be resolved (closed); null while the resolution clock is paused (`pending`) or the policy sets no such target. Time in `pending` does not count.
                 */
                resolution_due_at: string | null;
                /**
                 * Format: date-time
                 * @description Recorded once, when the first reply was not sent in time: the due time it missed
                 */
                first_response_breached_at: string | null;
                /**
                 * Format: date-time
                 * @description Recorded once, when it was not resolved in time: the due time it missed
                 */
                resolution_breached_at: string | null;
                /**
                 * Format: date-time
                 * @description The earliest due time of a target still to meet (breached or not); null: none is left. `sort=due` orders by it
                 */
                due_at: string | null;
                /** @description Either target was breached */
                breached: boolean;
                /** @description The resolution clock stands still: waiting on the customer (`pending`) */
                resolution_paused: boolean;
            } | null;
            /**
             * Format: uuid
             * @description Status `merged`: the submission it went into (its timeline, notes, tags and files are there)
             */
            merged_into_id: string | null;
            /** @description Present only when stored values could not be decrypted (a key removed from DATA_ENCRYPTION_KEYS, or altered data): which fields and why. Those fields are then null, or "" where the type is a string. */
            unreadable?: string;
        };
        SubmissionPageView: {
            items: components["schemas"]["SubmissionView"][];
            /** @description Pass as `cursor` for the next page; null on the last */
            next_cursor: string | null;
            /** @description Present when `q` cannot be served (e.g. `unavailable: encrypted`) */
            search?: string;
        };
        StatusCountsView: {
            new: number;
            open: number;
            pending: number;
            closed: number;
            spam: number;
            /** @description Merged into another submission (closed for good) */
            merged: number;
        };
        BulkChangeFieldsDto: {
            /**
             * @description Any status but `merged`, which only a merge sets
             * @enum {string}
             */
            status?: "new" | "open" | "pending" | "closed" | "spam";
            /**
             * Format: uuid
             * @description A staff account id, or null to unassign
             */
            assignee_id?: string | null;
            /**
             * @description Labels each row gains (kept once, in any letter case)
             * @example [
             *       "billing"
             *     ]
             */
            add_tags?: string[];
            /**
             * @description Labels each row loses (compared in any letter case)
             * @example [
             *       "later"
             *     ]
             */
            remove_tags?: string[];
            /** @enum {string} */
            priority?: "low" | "normal" | "high" | "urgent";
        };
        BulkChangeDto: {
            /** @description The submissions to change: 1-500 ids, none twice */
            ids: string[];
            /** @description One change for every row, under the rules of one PATCH (at least one field) */
            change: components["schemas"]["BulkChangeFieldsDto"];
        };
        BulkRowResultView: {
            /** Format: uuid */
            id: string;
            /** @description Whether the row has the change now (true also when it had it already) */
            ok: boolean;
            /**
             * @description Why not: `Not found`, `Submission changed; reload it`, `Submission is merged`, `Invalid field: add_tags`
             * @example Submission changed; reload it
             */
            error?: string;
        };
        BulkChangeResultView: {
            /** @description One per id, in the order given */
            results: components["schemas"]["BulkRowResultView"][];
        };
        DeliveryView: {
            /** @example webhook */
            channel: string;
            attempts: number;
            last_error: string | null;
            /** Format: date-time */
            last_attempt_at: string | null;
            /** Format: date-time */
            delivered_at: string | null;
        };
        HistoryItemView: {
            /** Format: uuid */
            id: string;
            /** @example 7K2M9QXD */
            ref: string;
            /** @enum {string} */
            status: "new" | "open" | "pending" | "closed" | "spam" | "merged";
            /** Format: date-time */
            created_at: string;
        };
        NoteView: {
            id: string;
            body: string;
            author: components["schemas"]["NamedRefView"];
            /** Format: date-time */
            created_at: string;
            /** @description Present only when stored values could not be decrypted (a key removed from DATA_ENCRYPTION_KEYS, or altered data): which fields and why. Those fields are then null, or "" where the type is a string. */
            unreadable?: string;
        };
        MergeLinkView: {
            /** Format: uuid */
            id: string;
            /** @example 7K2M9QXD */
            ref: string;
        };
        AuditEventView: {
            id: string;
            /** @example staff.login_failed */
            action: string;
            /** @enum {string} */
            actor_type: "staff" | "cli" | "system" | "rule";
            /** @description The staff account, or the rule for `rule` (its current name); null for the CLI and the service */
            actor: {
                /** @example 01a20093-2c13-73ce-ba5f-bebabadb9343 */
                id: string;
                /** @example Website form */
                name: string;
            } | null;
            /** @example submission */
            target_type: string | null;
            target_id: string | null;
            /**
             * @example {
             *       "status": "new"
             *     }
             */
            before: Record<string, never> | null;
            /**
             * @example {
             *       "status": "open"
             *     }
             */
            after: Record<string, never> | null;
            /**
             * @description The current names of the staff accounts and API keys the event mentions (its target, ids in its change), by id
             * @example {
             *       "01a20a9d-0c5e-7e2a-9d1b-5a4f3c2b1a09": "Grace Hopper"
             *     }
             */
            names: {
                [key: string]: string;
            };
            ip: string | null;
            /** Format: date-time */
            created_at: string;
        };
        SubmissionDetailView: {
            /** @example 01a20093-2c13-73ce-ba5f-bebabadb9343 */
            id: string;
            /** @enum {string} */
            status: "new" | "open" | "pending" | "closed" | "spam" | "merged";
            /**
             * @description Delivery to the staff channels (part one)
             * @enum {string}
             */
            delivery_state: "received" | "queued" | "processing" | "delivered" | "failed";
            assignee: {
                /** @example 01a20093-2c13-73ce-ba5f-bebabadb9343 */
                id: string;
                /** @example Website form */
                name: string;
            } | null;
            api_key: components["schemas"]["NamedRefView"];
            name: string;
            email: string | null;
            phone: string | null;
            business: string | null;
            message: string | null;
            /** @description Counts staff changes; the ETag */
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            closed_at: string | null;
            /**
             * @description Short reference for people: `[#<ref>]` in every e-mail about it
             * @example 7K2M9QXD
             */
            ref: string;
            /**
             * Format: date-time
             * @description When staff first replied
             */
            first_response_at: string | null;
            /** @description Why the spam filter flagged it at intake; empty when it did not (marked by staff, or clean) */
            spam_reasons: ("duplicate" | "marked_sender" | "disposable_domain" | "link_stuffed")[];
            /**
             * @description `normal` unless staff set another
             * @enum {string}
             */
            priority: "low" | "normal" | "high" | "urgent";
            /**
             * @description Staff's labels, in the order they gave
             * @example [
             *       "billing",
             *       "VIP"
             *     ]
             */
            tags: string[];
            /** @description The key's custom fields in the key's order (value null: none), then retired fields it has a value of */
            fields: components["schemas"]["SubmissionFieldValueView"][];
            /** @description Its service level; null: no SLA policy applies */
            sla: {
                /**
                 * Format: uuid
                 * @description The SLA policy that applies (chosen at intake and when priority or tags change)
                 */
                policy_id: string;
                /**
                 * Format: date-time
                 * @description When the first reply is due (business minutes of the policy); null: the policy sets no such target
                 */
                first_response_due_at: string | null;
                /**
                 * Format: date-time
                 * @description When it must be resolved (closed); null while the resolution clock is paused (`pending`) or the policy sets no such target. Time in `pending` does not count.
                 */
                resolution_due_at: string | null;
                /**
                 * Format: date-time
                 * @description Recorded once, when the first reply was not sent in time: the due time it missed
                 */
                first_response_breached_at: string | null;
                /**
                 * Format: date-time
                 * @description Recorded once, when it was not resolved in time: the due time it missed
                 */
                resolution_breached_at: string | null;
                /**
                 * Format: date-time
                 * @description The earliest due time of a target still to meet (breached or not); null: none is left. `sort=due` orders by it
                 */
                due_at: string | null;
                /** @description Either target was breached */
                breached: boolean;
                /** @description The resolution clock stands still: waiting on the customer (`pending`) */
                resolution_paused: boolean;
            } | null;
            /**
             * Format: uuid
             * @description Status `merged`: the submission it went into (its timeline, notes, tags and files are there)
             */
            merged_into_id: string | null;
            /** @description Present only when stored values could not be decrypted (a key removed from DATA_ENCRYPTION_KEYS, or altered data): which fields and why. Those fields are then null, or "" where the type is a string. */
            unreadable?: string;
            client_ip: string;
            user_agent: string | null;
            /** @description Delivery attempts over all channels */
            attempts: number;
            last_error: string | null;
            /** Format: date-time */
            processed_at: string | null;
            deliveries: components["schemas"]["DeliveryView"][];
            /** @description One per event and webhook destination, with every attempt */
            webhooks: components["schemas"]["WebhookDeliveryView"][];
            /** @description The request, replies, customer messages and notes, in time order */
            timeline: components["schemas"]["TimelineItemView"][];
            /** @description The requester's answer to the satisfaction survey (keys with `csat`); null: not surveyed, or no answer yet */
            rating: {
                /** @enum {string} */
                value: "good" | "not_good";
                /** @description The requester's own words, plain text; null: none (or it could not be decrypted) */
                comment: string | null;
                /** Format: date-time */
                rated_at: string;
            } | null;
            /** @description The newest 20 other submissions from the same e-mail address (exact match, any key) */
            history: components["schemas"]["HistoryItemView"][];
            notes: components["schemas"]["NoteView"][];
            /** @description Status `merged`: the submission it went into; null otherwise */
            merged_into: {
                /** Format: uuid */
                id: string;
                /** @example 7K2M9QXD */
                ref: string;
            } | null;
            /** @description The submissions merged into this one, oldest first */
            merged_from: components["schemas"]["MergeLinkView"][];
            events: components["schemas"]["AuditEventView"][];
        };
        UpdateSubmissionDto: {
            /**
             * @description Any status but `merged`, which only a merge sets
             * @enum {string}
             */
            status?: "new" | "open" | "pending" | "closed" | "spam";
            /**
             * Format: uuid
             * @description A staff account id, or null to unassign
             */
            assignee_id?: string | null;
            /**
             * @description The whole new list of labels ([] removes every one): each trimmed and in NFC, 1-40 characters, no comma or control character; duplicates in any letter case are folded into the first spelling
             * @example [
             *       "billing",
             *       "VIP"
             *     ]
             */
            tags?: string[];
            /** @enum {string} */
            priority?: "low" | "normal" | "high" | "urgent";
            /**
             * @description Custom fields' new values by name (staff_only ones too); null or blank clears one (never a required one: `Missing field: fields.<name>`); checked like the intake's (`Unknown field: fields.<name>`, `Invalid field: fields.<name>`). Fields left out keep their values.
             * @example {
             *       "order_number": "A-1001",
             *       "product": "Pro"
             *     }
             */
            fields?: {
                [key: string]: unknown;
            };
        };
        MergeSubmissionDto: {
            /**
             * Format: uuid
             * @description The submission this one goes into (the target)
             */
            into: string;
        };
        CreateNoteDto: {
            /** @example Called back; waiting for the invoice number. */
            body: string;
        };
        RedeliveryView: {
            id: string;
            /**
             * @example queued
             * @enum {string}
             */
            delivery_state: "received" | "queued" | "processing" | "delivered" | "failed";
        };
        AttachmentView: {
            /**
             * Format: uuid
             * @description GET /staff/api/attachments/{id} downloads it (when stored)
             */
            id: string;
            /** @description The file name as sent */
            name: string;
            /**
             * @description The media type the sender declared
             * @example image/png
             */
            type: string;
            /** @description Bytes */
            size: number;
            /** @description SHA-256 of the bytes, hex (null: never stored) */
            sha256: string | null;
            /** @description A PNG, JPEG, GIF or WebP whose bytes are what it claims: may be shown inline */
            inline_image: boolean;
            /**
             * @description stored: the bytes can be downloaded; too_large: over ATTACHMENT_MAX_BYTES, described only; described: arrived before files were kept; uploading: an upload not yet complete
             * @enum {string}
             */
            state: "stored" | "too_large" | "described" | "uploading";
        };
        MergedFromView: {
            /** Format: uuid */
            id: string;
            /**
             * @description The merged submission's short reference
             * @example 7K3M9QXA
             */
            ref: string;
        };
        TimelineItemView: {
            /**
             * @description `merged_request`: the request of a submission merged into this one, as its requester sent it
             * @enum {string}
             */
            kind: "request" | "merged_request" | "reply" | "ack" | "customer" | "note";
            /** @description The message or note id; the submission id for the request (the merged one for `merged_request`) */
            id: string;
            /** Format: date-time */
            created_at: string;
            body: string;
            /** @description Who wrote it: a staff name, or a sender address */
            author?: string | null;
            /** @enum {string} */
            state?: "queued" | "sent" | "failed" | "bounced" | "received";
            from?: string | null;
            from_other?: boolean;
            automatic?: boolean;
            quoted?: string | null;
            attachments?: components["schemas"]["AttachmentView"][];
            last_error?: string | null;
            /** @description `merged_request` only: the merged submission (its requester's address is in `from`) */
            merged_from?: components["schemas"]["MergedFromView"];
        };
        CreateReplyDto: {
            /** @example Thank you, we have sent the invoice again. */
            body: string;
            /**
             * Format: uuid
             * @description Uploads of yours (POST /staff/api/uploads) sent as the mail's files: at most 10, REPLY_MAX_BYTES in all
             */
            attachments?: string[];
        };
        MessageView: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "reply" | "ack" | "customer";
            /**
             * @description Outgoing: queued, sent or failed; a customer message: received
             * @enum {string}
             */
            state: "queued" | "sent" | "failed" | "bounced" | "received";
            /** @description The sender (customer mail), or null (ours) */
            from: string | null;
            /** @description Customer mail from someone other than the requester */
            from_other: boolean;
            /** @description An automatic message (auto-reply, bulk, delivery report): it changed nothing */
            automatic: boolean;
            subject: string | null;
            /** @description The new text (never HTML) */
            body: string;
            /** @description Customer mail: the quoted history, for folding */
            quoted: string | null;
            /** @description The files the message carried */
            attachments: components["schemas"]["AttachmentView"][];
            attempts: number;
            /** @description Why the last try failed */
            last_error: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            sent_at: string | null;
            /** @description Set when the message cannot be decrypted: which fields and why */
            unreadable?: string;
        };
        UploadView: {
            /**
             * Format: uuid
             * @description Name it in a reply: "attachments": [id]
             */
            id: string;
            name: string;
            /**
             * @description From the name's extension (application/octet-stream when unknown)
             * @example application/pdf
             */
            type: string;
            /** @description Bytes */
            size: number;
            /** @description SHA-256 of the bytes, hex */
            sha256: string;
        };
        MailboxView: {
            /**
             * @description not_configured: no INBOUND_IMAP_URL or SMTP_URL, or MAIL_OAUTH_PROVIDER is set and no admin has connected the mailbox yet. needs_reconnect: the provider refused the grant (revoked, expired) or the server refused the sign-in; an OAuth2 mailbox is not polled until an admin connects it again.
             * @enum {string}
             */
            state: "connected" | "needs_reconnect" | "not_configured";
            /**
             * @description How the mailbox signs in: password or oauth2; null when there is no mailbox
             * @example oauth2
             */
            auth: string | null;
            /**
             * @description MAIL_OAUTH_PROVIDER (microsoft, google or oidc); null for a password mailbox
             * @example microsoft
             */
            provider: string | null;
            /**
             * @description The mailbox (the user of its URLs)
             * @example support@example.com
             */
            address: string | null;
            /**
             * Format: date-time
             * @description The last poll that signed in and read the mailbox
             */
            last_poll_at: string | null;
            /** @description What the provider or the server last said when it refused */
            last_error: string | null;
            /**
             * Format: date-time
             * @description When an admin connected the grant
             */
            connected_at: string | null;
        };
        MailboxConnectView: {
            /**
             * @description The provider's authorization URL (authorization-code flow with PKCE and state), valid 10 minutes; the provider sends the browser back to GET /staff/api/mailbox/callback
             * @example https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize?client_id=...
             */
            authorization_url: string;
            /**
             * @description The redirect URI to register at the provider (PUBLIC_URL, else this request's origin)
             * @example https://intake.example.com/staff/api/mailbox/callback
             */
            redirect_uri: string;
        };
        SecondFactorProofDto: {
            /**
             * @description A code of the authenticator app
             * @example 492039
             */
            code?: string;
            /**
             * @description One of the recovery codes shown when the app was set up (each works once); instead of `code`
             * @example k3m9p-x2q7r
             */
            recovery_code?: string;
        };
        TotpSetupView: {
            /**
             * @description Base32, for typing into the app by hand
             * @example JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP
             */
            secret: string;
            /**
             * @description The otpauth:// URL the console shows as a QR code (made on the page, never by another service)
             * @example otpauth://totp/contact-intake:grace%40example.com?secret=JBSW...&issuer=contact-intake
             */
            otpauth_url: string;
        };
        ConfirmTotpDto: {
            /**
             * @description The code the authenticator app shows now
             * @example 492039
             */
            code: string;
        };
        RecoveryCodesView: {
            /**
             * @description Each signs in once in place of a code; kept only as hashes, so shown this once
             * @example [
             *       "k3m9p-x2q7r",
             *       "a7c2e-hw4nz",
             *       "p9d3t-m6kfx",
             *       "q2v8b-r5jsa",
             *       "z4n7c-e3ptw",
             *       "h6m2k-d9xqr",
             *       "w3r8s-t5bnv",
             *       "c7y4p-g2mhz",
             *       "u5e9x-k3wqa",
             *       "f8b6n-s4jtd"
             *     ]
             */
            recovery_codes: string[];
        };
        StaffSessionView: {
            /**
             * Format: uuid
             * @description Its id in this list (not the cookie, which is never shown)
             */
            id: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description Its last request
             */
            last_seen_at: string;
            /**
             * @description The address it signed in from
             * @example 203.0.113.7
             */
            ip: string | null;
            /** @example Mozilla/5.0 (X11; Linux x86_64) ... */
            user_agent: string | null;
            /** @description The session of this request */
            current: boolean;
            /**
             * @description How it signed in: password, password+totp or password+recovery_code
             * @example password+totp
             */
            method: string;
        };
        SignInOptionsView: {
            /** @description E-mail and password sign in (STAFF_PASSWORD_SIGN_IN) */
            password: boolean;
            /** @description Single sign-on is set up: GET /staff/sso/start begins it (OIDC_ISSUER) */
            sso: boolean;
        };
        PasskeyView: {
            /** Format: uuid */
            id: string;
            /** @example Laptop fingerprint */
            name: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_used_at: string | null;
        };
        WebAuthnOptionsView: {
            /** @description base64url; good for 5 minutes, once */
            challenge: string;
            /** @example intake.example.com */
            rpId?: string;
        };
        RegisterPasskeyDto: {
            /** @example Laptop fingerprint */
            name: string;
            /** @description navigator.credentials.create()'s answer as JSON (RegistrationResponseJSON, e.g. @simplewebauthn/browser's startRegistration) */
            response: {
                [key: string]: unknown;
            };
        };
        PasskeySignInDto: {
            /** @description navigator.credentials.get()'s answer as JSON (AuthenticationResponseJSON) */
            response: {
                [key: string]: unknown;
            };
        };
        CannedReplyView: {
            /** Format: uuid */
            id: string;
            /** @example Invoice sent again */
            title: string;
            /**
             * @description `{{name}}` (the requester), `{{ref}}` (the reference) and `{{agent}}` (who inserts it) are filled in where the reply is written; any other `{{...}}` stays as written
             * @example Hello {{name}},
             *
             *     thank you for your message [#{{ref}}]: ...
             *
             *     {{agent}}
             */
            body: string;
            /** @description Who added it (may delete it, as admins may) */
            author: components["schemas"]["NamedRefView"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CreateCannedReplyDto: {
            /** @example Invoice sent again */
            title: string;
            /**
             * @description `{{name}}` (the requester), `{{ref}}` (the reference) and `{{agent}}` (who inserts it) are filled in where the reply is written; any other `{{...}}` stays as written
             * @example Hello {{name}},
             *
             *     thank you for your message [#{{ref}}]: ...
             *
             *     {{agent}}
             */
            body: string;
        };
        UpdateCannedReplyDto: {
            title?: string;
            /** @description `{{name}}` (the requester), `{{ref}}` (the reference) and `{{agent}}` (who inserts it) are filled in where the reply is written; any other `{{...}}` stays as written */
            body?: string;
        };
        SlaPolicyView: {
            /** Format: uuid */
            id: string;
            /** @example Business hours, urgent */
            name: string;
            /** @example 10 */
            position: number;
            /** @example 60 */
            first_response_minutes: number | null;
            /** @example 960 */
            resolution_minutes: number | null;
            /** @description Null: around the clock. Otherwise the hours that count, in the IANA time zone (daylight-saving changes included); days absent or empty are closed, and so are the holidays (local dates) */
            business_hours?: {
                /** @example Europe/Berlin */
                time_zone: string;
                /**
                 * @example {
                 *       "mon": [
                 *         [
                 *           "09:00",
                 *           "17:00"
                 *         ]
                 *       ],
                 *       "tue": [
                 *         [
                 *           "09:00",
                 *           "17:00"
                 *         ]
                 *       ]
                 *     }
                 */
                week: {
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    mon?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    tue?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    wed?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    thu?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    fri?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    sat?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    sun?: string[][];
                };
                /**
                 * @example [
                 *       "2026-12-25"
                 *     ]
                 */
                holidays?: string[];
            } | null;
            /** @description Which submissions it applies to: every condition given must match (absent or empty: any). `tags`: carrying any one of them (any letter case). `fields`: custom fields, every one having the value given (a select's option, one of a multi_select's choices, a checkbox's true or false; exact, not personal fields; some key must define each when the policy is written). Absent: every submission */
            applies_to: {
                api_key_ids?: string[];
                priorities?: ("low" | "normal" | "high" | "urgent")[];
                /**
                 * @example [
                 *       "VIP"
                 *     ]
                 */
                tags?: string[];
                /**
                 * @description Custom fields' names (`^[a-z][a-z0-9_]{0,39}$`) and the value each must have
                 * @example {
                 *       "product": "Pro"
                 *     }
                 */
                fields?: {
                    [key: string]: string | boolean;
                };
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CreateSlaPolicyDto: {
            /** @example Business hours, urgent */
            name: string;
            /**
             * @description Policies are tried by position, lowest first; the first that matches applies
             * @example 10
             */
            position: number;
            /**
             * @description Business minutes (1 to 525600, and no more than ten years of the business hours hold), or null for no such target; at least one of the two is set
             * @example 60
             */
            first_response_minutes: number | null;
            /**
             * @description Business minutes (1 to 525600, and no more than ten years of the business hours hold), or null for no such target; at least one of the two is set
             * @example 960
             */
            resolution_minutes: number | null;
            /** @description Null: around the clock. Otherwise the hours that count, in the IANA time zone (daylight-saving changes included); days absent or empty are closed, and so are the holidays (local dates) */
            business_hours?: {
                /** @example Europe/Berlin */
                time_zone?: string;
                /**
                 * @example {
                 *       "mon": [
                 *         [
                 *           "09:00",
                 *           "17:00"
                 *         ]
                 *       ],
                 *       "tue": [
                 *         [
                 *           "09:00",
                 *           "17:00"
                 *         ]
                 *       ]
                 *     }
                 */
                week?: {
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    mon?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    tue?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    wed?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    thu?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    fri?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    sat?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    sun?: string[][];
                };
                /**
                 * @example [
                 *       "2026-12-25"
                 *     ]
                 */
                holidays?: string[];
            } | null;
            /** @description Which submissions it applies to: every condition given must match (absent or empty: any). `tags`: carrying any one of them (any letter case). `fields`: custom fields, every one having the value given (a select's option, one of a multi_select's choices, a checkbox's true or false; exact, not personal fields; some key must define each when the policy is written). Absent: every submission */
            applies_to?: {
                api_key_ids?: string[];
                priorities?: ("low" | "normal" | "high" | "urgent")[];
                /**
                 * @example [
                 *       "VIP"
                 *     ]
                 */
                tags?: string[];
                /**
                 * @description Custom fields' names (`^[a-z][a-z0-9_]{0,39}$`) and the value each must have
                 * @example {
                 *       "product": "Pro"
                 *     }
                 */
                fields?: {
                    [key: string]: string | boolean;
                };
            };
        };
        UpdateSlaPolicyDto: {
            /** @example Business hours, urgent */
            name?: string;
            /**
             * @description Policies are tried by position, lowest first; the first that matches applies
             * @example 10
             */
            position?: number;
            /**
             * @description Business minutes (1 to 525600, and no more than ten years of the business hours hold), or null for no such target; at least one of the two is set
             * @example 60
             */
            first_response_minutes?: number | null;
            /**
             * @description Business minutes (1 to 525600, and no more than ten years of the business hours hold), or null for no such target; at least one of the two is set
             * @example 960
             */
            resolution_minutes?: number | null;
            /** @description Null: around the clock. Otherwise the hours that count, in the IANA time zone (daylight-saving changes included); days absent or empty are closed, and so are the holidays (local dates) */
            business_hours?: {
                /** @example Europe/Berlin */
                time_zone?: string;
                /**
                 * @example {
                 *       "mon": [
                 *         [
                 *           "09:00",
                 *           "17:00"
                 *         ]
                 *       ],
                 *       "tue": [
                 *         [
                 *           "09:00",
                 *           "17:00"
                 *         ]
                 *       ]
                 *     }
                 */
                week?: {
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    mon?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    tue?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    wed?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    thu?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    fri?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    sat?: string[][];
                    /** @description Opening intervals `["HH:MM", "HH:MM"]`, sorted, not overlapping; `24:00` ends the day */
                    sun?: string[][];
                };
                /**
                 * @example [
                 *       "2026-12-25"
                 *     ]
                 */
                holidays?: string[];
            } | null;
            /** @description Which submissions it applies to: every condition given must match (absent or empty: any). `tags`: carrying any one of them (any letter case). `fields`: custom fields, every one having the value given (a select's option, one of a multi_select's choices, a checkbox's true or false; exact, not personal fields; some key must define each when the policy is written). Absent: every submission */
            applies_to?: {
                api_key_ids?: string[];
                priorities?: ("low" | "normal" | "high" | "urgent")[];
                /**
                 * @example [
                 *       "VIP"
                 *     ]
                 */
                tags?: string[];
                /**
                 * @description Custom fields' names (`^[a-z][a-z0-9_]{0,39}$`) and the value each must have
                 * @example {
                 *       "product": "Pro"
                 *     }
                 */
                fields?: {
                    [key: string]: string | boolean;
                };
            };
        };
        RuleView: {
            /** Format: uuid */
            id: string;
            /** @example Tag partners */
            name: string;
            /** @example 10 */
            position: number;
            enabled: boolean;
            /** @description The event, and the conditions that must all hold (none: every such event). is / is_not: equal (any letter case; tag: carries it or not; spam: whether the status is spam); contains: the text contains it; matches_any_of: is any of them (subject and message: contains any of them). On a custom field: is / is_not (a multi_select: one of its choices is it), contains (a text; a multi_select: one of its choices is it), matches_any_of (a text or long_text: has any of the words), greater_than / less_than (a number or a date only) */
            when: {
                /** @enum {string} */
                event: "received" | "message_received" | "status_changed";
                /**
                 * @example [
                 *       {
                 *         "field": "email_domain",
                 *         "op": "is",
                 *         "value": "example.com"
                 *       }
                 *     ]
                 */
                conditions: {
                    /** @description A built-in field, or `field.<name>`: a custom field, which some key must define when the rule is written (a submission whose key has no value of it matches only is_not) */
                    field: ("api_key_id" | "email_domain" | "subject" | "message" | "tag" | "priority" | "status" | "spam") | string;
                    /** @enum {string} */
                    op: "is" | "is_not" | "contains" | "matches_any_of" | "greater_than" | "less_than";
                    /** @description A string (a UUID for api_key_id, a domain for email_domain, a label for tag, a priority or a status), true or false for spam (is and is_not only), and a list of such strings for matches_any_of. `contains` is for email_domain, subject, message and tag. A custom field (`field.<name>`) takes what its type holds: a text, an option, true or false (checkbox), a number, a date (`YYYY-MM-DD`), or a list of them */
                    value: string | number | boolean | string[] | number[];
                }[];
            };
            /**
             * @description What the rule does, in order: assign (a staff id, or null to unassign), assign_round_robin (`{"agents": [ids], "max_open": n or null}`: the next agent in turn who is not away, not disabled and holds fewer than max_open new or open submissions; only an unassigned submission), add_tag (a label), set_priority (low, normal, high, urgent), set_status (new, open, pending, closed, spam)
             * @example [
             *       {
             *         "action": "add_tag",
             *         "value": "Partner"
             *       }
             *     ]
             */
            then: {
                /** @enum {string} */
                action: "assign" | "assign_round_robin" | "add_tag" | "set_priority" | "set_status";
                value: (string | null) | {
                    agents: string[];
                    max_open: number | null;
                };
            }[];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CreateRuleDto: {
            /** @example Tag partners */
            name: string;
            /**
             * @description Rules run by position, lowest first (then by name)
             * @example 10
             */
            position: number;
            /**
             * @description A disabled rule is kept but never runs
             * @default true
             */
            enabled: boolean;
            /** @description The event, and the conditions that must all hold (none: every such event). is / is_not: equal (any letter case; tag: carries it or not; spam: whether the status is spam); contains: the text contains it; matches_any_of: is any of them (subject and message: contains any of them). On a custom field: is / is_not (a multi_select: one of its choices is it), contains (a text; a multi_select: one of its choices is it), matches_any_of (a text or long_text: has any of the words), greater_than / less_than (a number or a date only) */
            when: {
                /** @enum {string} */
                event: "received" | "message_received" | "status_changed";
                /**
                 * @example [
                 *       {
                 *         "field": "email_domain",
                 *         "op": "is",
                 *         "value": "example.com"
                 *       }
                 *     ]
                 */
                conditions: {
                    /** @description A built-in field, or `field.<name>`: a custom field, which some key must define when the rule is written (a submission whose key has no value of it matches only is_not) */
                    field: ("api_key_id" | "email_domain" | "subject" | "message" | "tag" | "priority" | "status" | "spam") | string;
                    /** @enum {string} */
                    op: "is" | "is_not" | "contains" | "matches_any_of" | "greater_than" | "less_than";
                    /** @description A string (a UUID for api_key_id, a domain for email_domain, a label for tag, a priority or a status), true or false for spam (is and is_not only), and a list of such strings for matches_any_of. `contains` is for email_domain, subject, message and tag. A custom field (`field.<name>`) takes what its type holds: a text, an option, true or false (checkbox), a number, a date (`YYYY-MM-DD`), or a list of them */
                    value: string | number | boolean | string[] | number[];
                }[];
            };
            /**
             * @description What the rule does, in order: assign (a staff id, or null to unassign), assign_round_robin (`{"agents": [ids], "max_open": n or null}`: the next agent in turn who is not away, not disabled and holds fewer than max_open new or open submissions; only an unassigned submission), add_tag (a label), set_priority (low, normal, high, urgent), set_status (new, open, pending, closed, spam)
             * @example [
             *       {
             *         "action": "add_tag",
             *         "value": "Partner"
             *       }
             *     ]
             */
            then: {
                /** @enum {string} */
                action: "assign" | "assign_round_robin" | "add_tag" | "set_priority" | "set_status";
                value: (string | null) | {
                    agents: string[];
                    max_open: number | null;
                };
            }[];
        };
        TestRuleDto: {
            /** Format: uuid */
            submission_id: string;
            /** @description The event, and the conditions that must all hold (none: every such event). is / is_not: equal (any letter case; tag: carries it or not; spam: whether the status is spam); contains: the text contains it; matches_any_of: is any of them (subject and message: contains any of them). On a custom field: is / is_not (a multi_select: one of its choices is it), contains (a text; a multi_select: one of its choices is it), matches_any_of (a text or long_text: has any of the words), greater_than / less_than (a number or a date only) */
            when: {
                /** @enum {string} */
                event: "received" | "message_received" | "status_changed";
                /**
                 * @example [
                 *       {
                 *         "field": "email_domain",
                 *         "op": "is",
                 *         "value": "example.com"
                 *       }
                 *     ]
                 */
                conditions: {
                    /** @description A built-in field, or `field.<name>`: a custom field, which some key must define when the rule is written (a submission whose key has no value of it matches only is_not) */
                    field: ("api_key_id" | "email_domain" | "subject" | "message" | "tag" | "priority" | "status" | "spam") | string;
                    /** @enum {string} */
                    op: "is" | "is_not" | "contains" | "matches_any_of" | "greater_than" | "less_than";
                    /** @description A string (a UUID for api_key_id, a domain for email_domain, a label for tag, a priority or a status), true or false for spam (is and is_not only), and a list of such strings for matches_any_of. `contains` is for email_domain, subject, message and tag. A custom field (`field.<name>`) takes what its type holds: a text, an option, true or false (checkbox), a number, a date (`YYYY-MM-DD`), or a list of them */
                    value: string | number | boolean | string[] | number[];
                }[];
            };
        };
        RuleTestView: {
            /** @description Whether every condition holds for the submission as it is now */
            matches: boolean;
            /**
             * @description One sentence per condition: what it asks, yes or no, and what the submission has
             * @example [
             *       "email_domain is example.com: yes (example.com)"
             *     ]
             */
            reasons: string[];
        };
        UpdateRuleDto: {
            /** @example Tag partners */
            name?: string;
            /**
             * @description Rules run by position, lowest first (then by name)
             * @example 10
             */
            position?: number;
            /**
             * @description A disabled rule is kept but never runs
             * @default true
             */
            enabled: boolean;
            /** @description The event, and the conditions that must all hold (none: every such event). is / is_not: equal (any letter case; tag: carries it or not; spam: whether the status is spam); contains: the text contains it; matches_any_of: is any of them (subject and message: contains any of them). On a custom field: is / is_not (a multi_select: one of its choices is it), contains (a text; a multi_select: one of its choices is it), matches_any_of (a text or long_text: has any of the words), greater_than / less_than (a number or a date only) */
            when?: {
                /** @enum {string} */
                event: "received" | "message_received" | "status_changed";
                /**
                 * @example [
                 *       {
                 *         "field": "email_domain",
                 *         "op": "is",
                 *         "value": "example.com"
                 *       }
                 *     ]
                 */
                conditions: {
                    /** @description A built-in field, or `field.<name>`: a custom field, which some key must define when the rule is written (a submission whose key has no value of it matches only is_not) */
                    field: ("api_key_id" | "email_domain" | "subject" | "message" | "tag" | "priority" | "status" | "spam") | string;
                    /** @enum {string} */
                    op: "is" | "is_not" | "contains" | "matches_any_of" | "greater_than" | "less_than";
                    /** @description A string (a UUID for api_key_id, a domain for email_domain, a label for tag, a priority or a status), true or false for spam (is and is_not only), and a list of such strings for matches_any_of. `contains` is for email_domain, subject, message and tag. A custom field (`field.<name>`) takes what its type holds: a text, an option, true or false (checkbox), a number, a date (`YYYY-MM-DD`), or a list of them */
                    value: string | number | boolean | string[] | number[];
                }[];
            };
            /**
             * @description What the rule does, in order: assign (a staff id, or null to unassign), assign_round_robin (`{"agents": [ids], "max_open": n or null}`: the next agent in turn who is not away, not disabled and holds fewer than max_open new or open submissions; only an unassigned submission), add_tag (a label), set_priority (low, normal, high, urgent), set_status (new, open, pending, closed, spam)
             * @example [
             *       {
             *         "action": "add_tag",
             *         "value": "Partner"
             *       }
             *     ]
             */
            then?: {
                /** @enum {string} */
                action: "assign" | "assign_round_robin" | "add_tag" | "set_priority" | "set_status";
                value: (string | null) | {
                    agents: string[];
                    max_open: number | null;
                };
            }[];
        };
        MinuteQuantilesView: {
            /** @example 42 */
            median_minutes: number | null;
            /** @example 300 */
            p90_minutes: number | null;
        };
        SatisfactionView: {
            /** @description Answered good */
            good: number;
            /** @description Answered not good */
            not_good: number;
            /**
             * @description Share (%) of good answers; null without any
             * @example 91.7
             */
            good_pct: number | null;
        };
        ReportBucketView: {
            /** @description Arrived (spam aside) */
            created: number;
            /** @description Closed (and still closed) */
            closed: number;
            /** @description Arrived as spam or marked spam since */
            spam: number;
            /** @description First replies given, in business minutes since arrival */
            first_response: components["schemas"]["MinuteQuantilesView"];
            /** @description Submissions closed, in business minutes since arrival, time in `pending` left out */
            resolution: components["schemas"]["MinuteQuantilesView"];
            /**
             * @description Of those closed with an SLA policy, the share (%) with no target breached; null when none
             * @example 96.5
             */
            sla_met_pct: number | null;
            /** @description Requesters’ answers to the satisfaction survey given in the period (by the assignee and key at closing; by the labels it carries now) */
            satisfaction: components["schemas"]["SatisfactionView"];
            /**
             * Format: date
             * @description The bucket’s first day (UTC; a Monday by week)
             */
            start: string;
        };
        ReportAssigneeView: {
            /** @description Arrived (spam aside) */
            created: number;
            /** @description Closed (and still closed) */
            closed: number;
            /** @description Arrived as spam or marked spam since */
            spam: number;
            /** @description First replies given, in business minutes since arrival */
            first_response: components["schemas"]["MinuteQuantilesView"];
            /** @description Submissions closed, in business minutes since arrival, time in `pending` left out */
            resolution: components["schemas"]["MinuteQuantilesView"];
            /**
             * @description Of those closed with an SLA policy, the share (%) with no target breached; null when none
             * @example 96.5
             */
            sla_met_pct: number | null;
            /** @description Requesters’ answers to the satisfaction survey given in the period (by the assignee and key at closing; by the labels it carries now) */
            satisfaction: components["schemas"]["SatisfactionView"];
            /** @description Null: unassigned */
            assignee: {
                /** @example 01a20093-2c13-73ce-ba5f-bebabadb9343 */
                id: string;
                /** @example Website form */
                name: string;
            } | null;
        };
        ReportKeyView: {
            /** @description Arrived (spam aside) */
            created: number;
            /** @description Closed (and still closed) */
            closed: number;
            /** @description Arrived as spam or marked spam since */
            spam: number;
            /** @description First replies given, in business minutes since arrival */
            first_response: components["schemas"]["MinuteQuantilesView"];
            /** @description Submissions closed, in business minutes since arrival, time in `pending` left out */
            resolution: components["schemas"]["MinuteQuantilesView"];
            /**
             * @description Of those closed with an SLA policy, the share (%) with no target breached; null when none
             * @example 96.5
             */
            sla_met_pct: number | null;
            /** @description Requesters’ answers to the satisfaction survey given in the period (by the assignee and key at closing; by the labels it carries now) */
            satisfaction: components["schemas"]["SatisfactionView"];
            api_key: components["schemas"]["NamedRefView"];
        };
        ReportTagView: {
            /** @description Arrived (spam aside) */
            created: number;
            /** @description Closed (and still closed) */
            closed: number;
            /** @description Arrived as spam or marked spam since */
            spam: number;
            /** @description First replies given, in business minutes since arrival */
            first_response: components["schemas"]["MinuteQuantilesView"];
            /** @description Submissions closed, in business minutes since arrival, time in `pending` left out */
            resolution: components["schemas"]["MinuteQuantilesView"];
            /**
             * @description Of those closed with an SLA policy, the share (%) with no target breached; null when none
             * @example 96.5
             */
            sla_met_pct: number | null;
            /** @description Requesters’ answers to the satisfaction survey given in the period (by the assignee and key at closing; by the labels it carries now) */
            satisfaction: components["schemas"]["SatisfactionView"];
            /**
             * @description The label in its compared form (lower case, NFC)
             * @example billing
             */
            tag: string;
        };
        ReportFieldValueView: {
            /** @description Arrived (spam aside) */
            created: number;
            /** @description Closed (and still closed) */
            closed: number;
            /** @description Arrived as spam or marked spam since */
            spam: number;
            /** @description First replies given, in business minutes since arrival */
            first_response: components["schemas"]["MinuteQuantilesView"];
            /** @description Submissions closed, in business minutes since arrival, time in `pending` left out */
            resolution: components["schemas"]["MinuteQuantilesView"];
            /**
             * @description Of those closed with an SLA policy, the share (%) with no target breached; null when none
             * @example 96.5
             */
            sla_met_pct: number | null;
            /** @description Requesters’ answers to the satisfaction survey given in the period (by the assignee and key at closing; by the labels it carries now) */
            satisfaction: components["schemas"]["SatisfactionView"];
            /**
             * @description One of the select field's options (a submission counts under its value)
             * @example Pro
             */
            value: string;
        };
        BacklogView: {
            new: number;
            open: number;
            pending: number;
        };
        ReportView: {
            /** Format: date */
            from: string;
            /**
             * Format: date
             * @description The last day reported: the `to` asked, or today (UTC) when that is later
             */
            to: string;
            /** @enum {string} */
            interval: "day" | "week";
            /** @description One per day or week of the period, oldest first */
            buckets: components["schemas"]["ReportBucketView"][];
            /** @description The period by who the submission is assigned to now */
            by_assignee: components["schemas"]["ReportAssigneeView"][];
            /** @description The period by API key */
            by_key: components["schemas"]["ReportKeyView"][];
            /** @description The period by label (a submission counts under each of its labels) */
            by_tag: components["schemas"]["ReportTagView"][];
            /** @description With `field`: the period by the value of that select field (submissions without a value are left out) */
            by_field?: components["schemas"]["ReportFieldValueView"][];
            /** @description Open work now (not the period): submissions per status still to finish */
            backlog: components["schemas"]["BacklogView"];
        };
        InboundAcceptedView: {
            /**
             * @description unreadable: the message could not be read within its budget (or taken); it is kept for admins. bounced: a delivery-status notification or bounce, which marks the reply it names as not delivered and is not kept
             * @enum {string}
             */
            outcome: "attached" | "duplicate" | "unmatched" | "new submission" | "unreadable" | "bounced";
        };
        UnmatchedMailView: {
            /** Format: uuid */
            id: string;
            /** @description Its Message-ID (without angle brackets) */
            message_id: string;
            from: string | null;
            subject: string | null;
            /** @description Bytes of the raw message */
            size: number;
            /** Format: date-time */
            received_at: string;
            /**
             * @description Why it was kept: unmatched (it answers no submission we know), or why it could not be read: too_slow (over INBOUND_PARSE_TIMEOUT_MS), too_much_memory (over INBOUND_PARSE_MEMORY_MB), malformed (the MIME parser gave up), failed (taking it failed, again and again over IMAP). The subject of an unreadable message is its raw header text (not decoded), as far as it could be read
             * @enum {string}
             */
            reason: "unmatched" | "too_slow" | "too_much_memory" | "malformed" | "failed";
            /** @description Set when the row cannot be decrypted: which fields and why */
            unreadable?: string;
        };
        UnmatchedPageView: {
            items: components["schemas"]["UnmatchedMailView"][];
            next_cursor: string | null;
            /** @description Unmatched mail kept in all */
            total: number;
        };
        RatingFormDto: {
            /** @description The token of the survey's link (the page carries it in a hidden field) */
            token: string;
            /** @enum {string} */
            rating: "good" | "not_good";
            /** @description What the requester wants to add, as plain text (line breaks kept); empty: none */
            comment?: string;
        };
        ViewersView: {
            viewers: components["schemas"]["NamedRefView"][];
        };
        ViewingDto: {
            /** @description true while the submission is open (renew every 20 s); false on leaving it */
            viewing: boolean;
        };
        ApiKeyView: {
            id: string;
            /** @example Website form */
            name: string;
            /**
             * @description The first characters of the key, to recognise it
             * @example ck_4fQ2
             */
            prefix: string;
            /** @description Requests per window */
            rate_limit: number;
            /** @description Window length in seconds */
            rate_window: number;
            /** @description Seconds a key that went over stays blocked */
            rate_block: number;
            /** @description Days closed and spam submissions are kept; 0: forever; null: RETENTION_DAYS */
            retention_days: number | null;
            reply_from: {
                /** @example Acme support */
                name?: string;
                /**
                 * Format: email
                 * @example support@acme.example
                 */
                address: string;
            } | null;
            auto_ack: {
                /** @example We got your message [#{{ref}}] */
                subject: string;
                /** @example Hello {{name}}, thank you: we will answer soon. */
                body: string;
            } | null;
            /** @description Whether the intake's spam checks run for this key's submissions */
            spam_filter: boolean;
            /** @description Whether closing a submission mails its requester a satisfaction survey (off by default) */
            csat: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            revoked_at: string | null;
            /** Format: date-time */
            last_used_at: string | null;
        };
        CreateApiKeyDto: {
            /** @description Requests per window */
            rate_limit?: number;
            /** @description Window length in seconds */
            rate_window?: number;
            /** @description Block after going over (default: the window) */
            rate_block?: number;
            /** @example Website form */
            name: string;
        };
        CreatedApiKeyView: {
            id: string;
            /** @example Website form */
            name: string;
            /**
             * @description The first characters of the key, to recognise it
             * @example ck_4fQ2
             */
            prefix: string;
            /** @description Requests per window */
            rate_limit: number;
            /** @description Window length in seconds */
            rate_window: number;
            /** @description Seconds a key that went over stays blocked */
            rate_block: number;
            /** @description Days closed and spam submissions are kept; 0: forever; null: RETENTION_DAYS */
            retention_days: number | null;
            reply_from: {
                /** @example Acme support */
                name?: string;
                /**
                 * Format: email
                 * @example support@acme.example
                 */
                address: string;
            } | null;
            auto_ack: {
                /** @example We got your message [#{{ref}}] */
                subject: string;
                /** @example Hello {{name}}, thank you: we will answer soon. */
                body: string;
            } | null;
            /** @description Whether the intake's spam checks run for this key's submissions */
            spam_filter: boolean;
            /** @description Whether closing a submission mails its requester a satisfaction survey (off by default) */
            csat: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            revoked_at: string | null;
            /** Format: date-time */
            last_used_at: string | null;
            /** @description The key (ck_...): shown once, never stored */
            key: string;
        };
        UpdateApiKeyDto: {
            /** @description Requests per window */
            rate_limit?: number;
            /** @description Window length in seconds */
            rate_window?: number;
            /** @description Block after going over (default: the window) */
            rate_block?: number;
            /** @description Days closed and spam submissions are kept; 0: forever; null: RETENTION_DAYS */
            retention_days?: number | null;
            name?: string;
            /** @description Who replies and acknowledgements come from; null: REPLY_FROM */
            reply_from?: {
                /** @example Acme support */
                name?: string;
                /**
                 * Format: email
                 * @example support@acme.example
                 */
                address: string;
            } | null;
            /** @description The automatic acknowledgement ({{name}}, {{ref}}); null: none */
            auto_ack?: {
                /** @example We got your message [#{{ref}}] */
                subject: string;
                /** @example Hello {{name}}, thank you: we will answer soon. */
                body: string;
            } | null;
            /** @description false: the intake's spam checks do not run for this key (on by default) */
            spam_filter?: boolean;
            /** @description true: closing a submission of this key mails its requester one satisfaction survey (off by default) */
            csat?: boolean;
        };
        FieldsView: {
            /** @description Every PUT makes a new version; 0: never defined */
            version: number;
            fields: components["schemas"]["FieldDefinitionDto"][];
        };
        ReplaceFieldsDto: {
            fields: components["schemas"]["FieldDefinitionDto"][];
        };
        AuditPageView: {
            items: components["schemas"]["AuditEventView"][];
            next_cursor: string | null;
        };
        WebhookDestinationView: {
            id: string;
            url: string;
            /** @description The API key whose submissions it takes; null: every key's */
            api_key_id: string | null;
            events: ("submission.received" | "submission.status_changed" | "submission.message_received" | "submission.assigned" | "submission.flagged" | "message.bounced" | "submission.sla_breached" | "submission.rated" | "submission.merged" | "submission.fields_changed")[];
            enabled: boolean;
            /** @example answered 410 Gone on 2026-11-23T10:00:00.000Z */
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @description Until then the previous secret signs too
             */
            previous_secret_until: string | null;
            /** Format: date-time */
            created_at: string;
        };
        AddWebhookDto: {
            /**
             * Format: uri
             * @description An absolute http(s) URL of a public address
             * @example https://crm.example.com/hooks/contact-intake
             */
            url: string;
            /**
             * Format: uuid
             * @description An API key's id; absent or null: every key's submissions
             */
            api_key_id?: string | null;
            /**
             * @default [
             *       "submission.received"
             *     ]
             */
            events: ("submission.received" | "submission.status_changed" | "submission.message_received" | "submission.assigned" | "submission.flagged" | "message.bounced" | "submission.sla_breached" | "submission.rated" | "submission.merged" | "submission.fields_changed")[];
        };
        WebhookDestinationWithSecretView: {
            id: string;
            url: string;
            /** @description The API key whose submissions it takes; null: every key's */
            api_key_id: string | null;
            events: ("submission.received" | "submission.status_changed" | "submission.message_received" | "submission.assigned" | "submission.flagged" | "message.bounced" | "submission.sla_breached" | "submission.rated" | "submission.merged" | "submission.fields_changed")[];
            enabled: boolean;
            /** @example answered 410 Gone on 2026-11-23T10:00:00.000Z */
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @description Until then the previous secret signs too
             */
            previous_secret_until: string | null;
            /** Format: date-time */
            created_at: string;
            /** @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw */
            secret: string;
        };
        WebhookAttemptView: {
            status_code: number | null;
            duration_ms: number;
            error: string | null;
            /** Format: date-time */
            attempted_at: string;
        };
        WebhookDeliveryView: {
            /** @description The webhook-id header */
            id: string;
            /** @description A destination id, or `config` for STAFF_WEBHOOK_URL */
            destination_id: string;
            /**
             * Format: uuid
             * @description The submission the event is about (open it at /staff/api/submissions/{id})
             */
            submission_id: string;
            /** @enum {string} */
            event: "submission.received" | "submission.status_changed" | "submission.message_received" | "submission.assigned" | "submission.flagged" | "message.bounced" | "submission.sla_breached" | "submission.rated" | "submission.merged" | "submission.fields_changed";
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            attempts: number;
            last_status_code: number | null;
            last_error: string | null;
            /** Format: date-time */
            delivered_at: string | null;
            attempt_log: components["schemas"]["WebhookAttemptView"][];
        };
        WebhookDeliveryPageView: {
            items: components["schemas"]["WebhookDeliveryView"][];
            next_cursor: string | null;
        };
        EmailAddressDto: {
            /**
             * Format: email
             * @description Matched trimmed and without letter case; an address as intake takes it (the CLI takes any)
             * @example ada@example.com
             */
            email: string;
        };
        PersonalDataExportView: {
            email: string;
            /** Format: date-time */
            exported_at: string;
            /** @description Every submission with the address: its fields, notes, channel records and webhook deliveries */
            submissions: {
                [key: string]: unknown;
            }[];
        };
        ErasureView: {
            /** @description Submissions erased */
            erased: number;
        };
        ErrorResultDto: {
            /**
             * @example error
             * @enum {string}
             */
            status: "error";
            /** @example Missing field: name */
            message: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    AuthController_issue: {
        parameters: {
            query?: never;
            header: {
                /** @description The client API key (ck_...) */
                "X-API-KEY": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token set */
            200: {
                headers: {
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    /** @description Always `no-store` */
                    "Cache-Control"?: string;
                    /** @description Always `no-cache` */
                    Pragma?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenSetDto"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Method not allowed; carries Allow (`POST`, or `GET, POST` on /contact_api.php) */
            405: {
                headers: {
                    /** @description `POST` (`GET, POST` on /contact_api.php) */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body over BODY_LIMIT */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    AuthController_refresh: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: binds the refresh to its client */
                "X-API-KEY"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefreshTokenDto"];
            };
        };
        responses: {
            /** @description New token set */
            200: {
                headers: {
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    /** @description Always `no-store` */
                    "Cache-Control"?: string;
                    /** @description Always `no-cache` */
                    Pragma?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenSetDto"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Method not allowed; carries Allow (`POST`, or `GET, POST` on /contact_api.php) */
            405: {
                headers: {
                    /** @description `POST` (`GET, POST` on /contact_api.php) */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body over BODY_LIMIT */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    ContactController_form: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier answer */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key's fields and the body's schema */
            200: {
                headers: {
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    /** @description Changes when the fields do */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntakeFormDto"];
                };
            };
            /** @description Unchanged since the ETag in If-None-Match (no body) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Database unavailable; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    ContactController_submit: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1-255 visible ASCII; a repeat within 24 h returns the first id */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSubmissionDto"];
            };
        };
        responses: {
            /** @description Stored (committed) submission */
            200: {
                headers: {
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionResultDto"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Method not allowed; carries Allow (`POST`, or `GET, POST` on /contact_api.php) */
            405: {
                headers: {
                    /** @description `POST` (`GET, POST` on /contact_api.php) */
                    Allow?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body over BODY_LIMIT */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Database unavailable; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffAuthController_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignInDto"];
            };
        };
        responses: {
            /** @description Signed in (the account), or the second factor is needed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffAccountDto"] | components["schemas"]["SecondFactorNeededDto"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Database unavailable; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffAuthController_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description No body and no Content-Type, or `{}` as application/json (a cookie session sending a body must send JSON) */
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Signed out; the cookie is cleared */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffAuthController_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffAccountDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffAuthController_updateMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateOwnAccountDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffAccountDto"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffAuthController_changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordDto"];
            };
        };
        responses: {
            /** @description Changed; Set-Cookie carries the new session (for a cookie session) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Database unavailable; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffAuthController_useResetLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UseResetLinkDto"];
            };
        };
        responses: {
            /** @description The password is set */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Database unavailable; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffAdminController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffAccountAdminView"][];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffAdminController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateStaffAccountDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedStaffAccountView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffAdminController_assignable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NamedRefView"][];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffAdminController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateStaffAccountDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffAccountAdminView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffAdminController_resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No SMTP_URL: the one-time password */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemporaryPasswordView"];
                };
            };
            /** @description SMTP_URL set: the link was sent */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResetLinkSentView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffSubmissionsController_list: {
        parameters: {
            query?: {
                /** @description Comma list of workflow statuses */
                status?: string;
                /** @description `me`, `none` or a staff account id */
                assignee?: string;
                /** @description Only submissions sent with this API key (its id) */
                api_key?: string;
                /** @description Words matched in name, e-mail, business and message, or in one value of a custom text-like or select field (every word, as a prefix; FULLTEXT) */
                q?: string;
                /** @description Created at or after (ISO 8601 date or date-time) */
                from?: string | unknown | unknown;
                /** @description Created before the end of this date, or at or before this date-time (ISO 8601) */
                to?: string | unknown | unknown;
                /** @description Only submissions with this label (compared in any letter case) */
                tag?: string;
                /** @description Comma list of priorities */
                priority?: string;
                /** @description Only submissions whose service level was breached (first response or resolution) */
                breached?: "true";
                /** @description `newest` first (the default), or `due`: the earliest due target of the service level first (breached ones before the rest), then those without one, oldest first */
                sort?: "newest" | "due";
                limit?: number;
                /** @description The previous page's `next_cursor` */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionPageView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffSubmissionsController_counts: {
        parameters: {
            query?: {
                /** @description `me`, `none` or a staff account id */
                assignee?: string;
                /** @description Only submissions sent with this API key (its id) */
                api_key?: string;
                /** @description Words matched in name, e-mail, business and message, or in one value of a custom text-like or select field (every word, as a prefix; FULLTEXT) */
                q?: string;
                /** @description Created at or after (ISO 8601 date or date-time) */
                from?: string | unknown | unknown;
                /** @description Created before the end of this date, or at or before this date-time (ISO 8601) */
                to?: string | unknown | unknown;
                /** @description Only submissions with this label (compared in any letter case) */
                tag?: string;
                /** @description Comma list of priorities */
                priority?: string;
                /** @description Only submissions whose service level was breached (first response or resolution) */
                breached?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusCountsView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffSubmissionsController_export: {
        parameters: {
            query?: {
                /** @description Comma list of workflow statuses */
                status?: string;
                /** @description `me`, `none` or a staff account id */
                assignee?: string;
                /** @description Only submissions sent with this API key (its id) */
                api_key?: string;
                /** @description Words matched in name, e-mail, business and message, or in one value of a custom text-like or select field (every word, as a prefix; FULLTEXT) */
                q?: string;
                /** @description Created at or after (ISO 8601 date or date-time) */
                from?: string | unknown | unknown;
                /** @description Created before the end of this date, or at or before this date-time (ISO 8601) */
                to?: string | unknown | unknown;
                /** @description Only submissions with this label (compared in any letter case) */
                tag?: string;
                /** @description Comma list of priorities */
                priority?: string;
                /** @description Only submissions whose service level was breached (first response or resolution) */
                breached?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV with a header line */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffSubmissionsController_bulk: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkChangeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkChangeResultView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffSubmissionsController_detail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description The version: `"<version>"` */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionDetailView"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffSubmissionsController_update: {
        parameters: {
            query?: never;
            header: {
                /** @description The ETag of the version the change is based on */
                "If-Match": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSubmissionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description The version: `"<version>"` */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionDetailView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffSubmissionsController_merge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MergeSubmissionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description The version: `"<version>"` */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionDetailView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffSubmissionsController_addNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateNoteDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NoteView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffSubmissionsController_redeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RedeliveryView"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    ConversationsController_reply: {
        parameters: {
            query?: never;
            header: {
                /** @description The ETag of the version the reply answers */
                "If-Match": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateReplyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    ConversationsController_retry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageView"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    AttachmentsController_download: {
        parameters: {
            query?: {
                /** @description 1: show it in the page (only a PNG, JPEG, GIF or WebP whose bytes are what it claims; 409 otherwise) */
                inline?: "1" | "0";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bytes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    UploadsController_upload: {
        parameters: {
            query: {
                /** @description The file name, without a path, control characters (tab, CR, LF too) or bidirectional controls */
                name: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/octet-stream": string;
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body over BODY_LIMIT */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    MailboxController_view: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailboxView"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    MailboxController_disconnect: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Disconnected (or there was nothing to disconnect) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    MailboxController_connect: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailboxConnectView"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    MailboxController_callback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the console's Settings page, saying how it went */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SecondFactorController_completeSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A code of the authenticator app, or a recovery code (when both are sent, the code counts) */
        requestBody: {
            content: {
                "application/json": components["schemas"]["SecondFactorProofDto"];
            };
        };
        responses: {
            /** @description Signed in; Set-Cookie carries the session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffAccountDto"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Database unavailable; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    SecondFactorController_start: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpSetupView"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    SecondFactorController_turnOff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A code of the authenticator app, or a recovery code (when both are sent, the code counts) */
        requestBody: {
            content: {
                "application/json": components["schemas"]["SecondFactorProofDto"];
            };
        };
        responses: {
            /** @description Turned off; its recovery codes stop working */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    SecondFactorController_confirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmTotpDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodesView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffSessionsController_mine: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSessionView"][];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffSessionsController_endMine: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffSessionsAdminController_ofAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSessionView"][];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    StaffSessionsAdminController_endOfAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    SingleSignOnController_options: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInOptionsView"];
                };
            };
        };
    };
    SingleSignOnController_start: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider's sign-in */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    SingleSignOnController_callback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the console */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PasskeysController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyView"][];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    PasskeysController_register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterPasskeyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    PasskeysController_registrationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebAuthnOptionsView"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    PasskeysController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    PasskeysController_signInOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebAuthnOptionsView"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    PasskeysController_signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasskeySignInDto"];
            };
        };
        responses: {
            /** @description Signed in; Set-Cookie carries the session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffAccountDto"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    CannedRepliesController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CannedReplyView"][];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    CannedRepliesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCannedReplyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CannedReplyView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    CannedRepliesController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    CannedRepliesController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCannedReplyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CannedReplyView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    SlaPoliciesController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SlaPolicyView"][];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    SlaPoliciesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSlaPolicyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SlaPolicyView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    SlaPoliciesController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    SlaPoliciesController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSlaPolicyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SlaPolicyView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    RulesController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleView"][];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    RulesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRuleDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    RulesController_test: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestRuleDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleTestView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    RulesController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    RulesController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateRuleDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    ReportsController_report: {
        parameters: {
            query: {
                /** @description First day (UTC), inclusive; today at the latest */
                from: string | unknown | unknown;
                /** @description Last day (UTC), inclusive; at most 1100 days after `from` (366 by day). A period ending after today ends today (the answer's `to` says so); one starting after today is refused */
                to: string | unknown | unknown;
                /** @description Buckets: UTC days, or ISO weeks (from Monday) */
                interval?: "day" | "week";
                /** @description Only submissions sent with this API key (its id) */
                api_key_id?: string;
                /** @description Only submissions carrying this label (any letter case) */
                tag?: string;
                /** @description A staff account id, or `none` for unassigned submissions */
                assignee_id?: string;
                /** @description A custom field of type select (not personal): adds `by_field`, the figures by its value. Counted from the submissions of the keys that define it so (of `api_key_id` when given), narrowed by the other filters */
                field?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report (JSON), or the same as CSV with a header line */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportView"];
                    "text/csv": string;
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    InboundController_receive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The raw message (up to INBOUND_MAX_BYTES) */
        requestBody: {
            content: {
                "message/rfc822": string;
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InboundAcceptedView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body over BODY_LIMIT */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Database unavailable; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    InboundController_unmatched: {
        parameters: {
            query?: {
                limit?: number;
                /** @description The previous page's `next_cursor` */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnmatchedPageView"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    RatingsController_open: {
        parameters: {
            query: {
                /** @description The choice to preselect: `good` or `not_good` (anything else preselects none) */
                rating?: string;
                /** @description The survey link's signed token */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form, or the rating recorded before */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not a valid link: altered, cut short, expired (30 days), or of erased data */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    RatingsController_answer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["RatingFormDto"];
            };
        };
        responses: {
            /** @description Recorded: the thank-you page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not a valid link: altered, cut short, expired (30 days), or of erased data */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rated before: the page says how; nothing changed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Body over BODY_LIMIT */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/x-www-form-urlencoded */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    LiveController_events: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An event stream that stays open */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example retry: 3000
                     *     : connected
                     *
                     *     data: {"type":"submission.created","id":"01a20093-2c13-73ce-ba5f-bebabadb9343"}
                     *
                     *     data: {"type":"submission.changed","id":"01a20093-2c13-73ce-ba5f-bebabadb9343","version":3}
                     *
                     *     : heartbeat
                     */
                    "text/event-stream": string;
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Database unavailable; retry later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    LiveController_viewers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ViewersView"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    LiveController_viewing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ViewingDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ViewersView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    ApiKeysAdminController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyView"][];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    ApiKeysAdminController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKeyView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    ApiKeysAdminController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateApiKeyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    ApiKeysAdminController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyView"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    CustomFieldsController_view: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FieldsView"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    CustomFieldsController_replace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplaceFieldsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FieldsView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    AuditController_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description The previous page's `next_cursor` */
                cursor?: string;
                /** @description A staff account id: what it did */
                actor?: string;
                action?: string;
                /** @description An id (submission, key, account, token): what happened to it */
                target?: string;
                /** @description At or after (ISO 8601) */
                from?: string | unknown | unknown;
                /** @description Before (ISO 8601) */
                to?: string | unknown | unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPageView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    WebhooksAdminController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDestinationView"][];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    WebhooksAdminController_add: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddWebhookDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDestinationWithSecretView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    WebhooksAdminController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    WebhooksAdminController_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDestinationWithSecretView"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    WebhooksAdminController_enable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDestinationView"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    WebhooksAdminController_listDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                /** @description The previous page's `next_cursor` */
                cursor?: string;
                status?: "pending" | "delivered" | "failed";
                /** @description A destination id, or `config` for STAFF_WEBHOOK_URL */
                destination_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPageView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    WebhooksAdminController_replay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryView"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    PrivacyAdminController_export: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailAddressDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonalDataExportView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
    PrivacyAdminController_erase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailAddressDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErasureView"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    /** @description The challenge: `ApiKey` on /auth.php, `Bearer` (with `error="invalid_token"` when a token was sent) on /contact_api.php */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Rate limit exceeded; carries Retry-After (seconds) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window for this API key */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
            /** @description Redis or the database is unavailable; carries Retry-After (seconds) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResultDto"];
                };
            };
        };
    };
}
