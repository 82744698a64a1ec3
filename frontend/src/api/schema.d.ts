// Generated from the backend's OpenAPI document by `npm run api-types`: do not edit.

export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operations/projections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OperationsController_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operations/projections/checksums": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OperationsController_checksums"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operations/projections/{name}/rebuild": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["OperationsController_rebuild"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operations/projections/{name}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["OperationsController_resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operations/integrity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["IntegrityOperationsController_status"];
        put?: never;
        post: operations["IntegrityOperationsController_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operations/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["JobsOperationsController_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register-interest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register interest; a confirmation link is e-mailed to the address
         * @description The registration counts toward the first 100 (sign-on fee waived) once confirmed through the link (POST /api/register-interest/confirm).
         */
        post: operations["EarlyAccessController_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register-interest/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm a registration of interest with the token from the e-mailed link (once, within 48 hours) */
        post: operations["EarlyAccessController_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/early-access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["EarlyAccessController_earlyAccess"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account with e-mail and password, and sign in (session cookie)
         * @description Mails a link to confirm the address (/auth/verify-email, 24 hours): until it is used the account is unverified (emailVerified false), and neither the ADMIN_EMAILS role nor the early-access waiver applies.
         */
        post: operations["IdentityController_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start sign-in at the external OpenID provider
         * @description Redirects to the provider with the client’s `state` and `redirect_uri` (origin + /auth/callback); the provider returns the browser there. A `redirect_uri` that is not on the app’s own origin (`PUBLIC_URL`) is refused with 400. With no provider configured, redirects to the local sign-in page /auth. The pending sign-in (state, nonce, PKCE verifier) is kept in a signed, HttpOnly cookie scoped to /api/auth/callback for 10 minutes; starts are limited per client address (SIGN_IN_START_RATE_LIMIT_PER_IP per 15 minutes).
         */
        get: operations["IdentityController_startLogin"];
        put?: never;
        /**
         * Sign in with e-mail and password (session cookie)
         * @description Failed sign-ins are limited per client address (AUTH_RATE_LIMIT_PER_IP), per (account, address) with backoff (AUTH_RATE_LIMIT_PER_ACCOUNT), and per account from any address (AUTH_RATE_LIMIT_PER_ACCOUNT_ANY_ADDRESS): past that, only a browser holding a device cookie (kauri.device) for the account is let through, with a failure budget of its own. Sign-ins that succeed are not counted.
         */
        post: operations["IdentityController_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Ends the session of the kauri.sid cookie and revokes the bearer token sent in Authorization (either or both); clears the cookies. Answers 200 even when nothing was signed in. With the session cookie, send X-CSRF-Token.
         */
        post: operations["IdentityController_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user (session cookie or bearer token); 401 when signed out */
        get: operations["IdentityController_current"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the signed-in user’s first and last name (the /profile page) */
        patch: operations["IdentityController_updateProfile"];
        trace?: never;
    };
    "/api/auth/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user of a bearer token (from /api/auth/callback); 401 when the token is missing, expired, revoked or unknown */
        get: operations["IdentityController_bearerUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which sign-in methods the frontend should offer */
        get: operations["IdentityController_authConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish external sign-in: exchange the provider’s code for a bearer token
         * @description Checks the state against the pending sign-in cookie set by /api/login (once: the cookie is cleared; within 10 minutes), then the nonce, PKCE, issuer and audience; finds or creates the account.
         */
        post: operations["IdentityController_authCallback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/registrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registrations of interest, newest first (admins only) */
        get: operations["AdminController_registrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operations/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Grant or revoke a role (admin, compliance) by e-mail: the operator only (ops token) */
        post: operations["RoleOperationsController_changeRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password-reset/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Forgot password: e-mails a single-use reset link (1 hour) if the address has an account
         * @description The answer is the same whether or not the address has an account.
         */
        post: operations["PasswordResetController_request"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with the token of a reset link; every session of the account ends
         * @description Sets the device cookie (kauri.device) for the account: this browser may then sign in even while failed sign-ins from elsewhere keep unknown browsers out.
         */
        post: operations["PasswordResetController_reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/email-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the account’s e-mail address with the token of the e-mailed link (works once, for 24 hours)
         * @description Signed in or not. When ADMIN_EMAILS lists the address, the system grants the admin role now; the early-access waiver applies to a confirmed address only.
         */
        post: operations["EmailVerificationController_verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/email-verification/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail the signed-in account a new link to confirm its e-mail address (replaces the older) */
        post: operations["EmailVerificationController_request"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calculator/analyze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CalculatorsController_analyze"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calculator/analyze-startup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CalculatorsController_analyzeStartup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pricing/calculate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CalculatorsController_pricing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plan catalogue: prices (NZD), billing, limits and features */
        get: operations["BillingController_plans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/create-subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start paying for a plan: the client secret for the payment form (docs/specification.md §7) */
        post: operations["BillingController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["BillingController_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription/change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upgrade or downgrade a running monthly plan to the other monthly tier; the rest of the period is prorated at once */
        post: operations["BillingController_changePlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel at the end of the paid period (not offered for the one-time Starter plan) */
        post: operations["BillingController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The billing page: plan, status, payment provider and billing history */
        get: operations["BillingController_overview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The provider's billing portal: invoices, payment method, billing history */
        post: operations["BillingController_portal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/sandbox/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox mode only: pay the pending checkout with one of Stripe's test cards */
        post: operations["BillingController_confirmSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in owner's assets, newest first (docs/specification.md §7) */
        get: operations["AssetController_list"];
        put?: never;
        /** Step 1 of the wizard: draft an asset (needs an active subscription or the Starter plan) */
        post: operations["AssetController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AssetController_one"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/documents/{kind}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Step 2: upload one of the asset type's documents as the raw body (PDF, at most 10MB; name in X-File-Name): property: property-deed, valuation-report; business: financial-statements, valuation-report; startup: company-constitution, shareholder-register */
        put: operations["AssetController_upload"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/documents/{documentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download an uploaded document (the owner, staff, and investors who may see the asset once offered) */
        get: operations["AssetController_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/valuation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Step 3: accept a valuation (from the calculator, or the owner’s own estimate) */
        post: operations["AssetController_value"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** { chainId, tokenAddress, identityRegistryAddress, complianceAddress, symbol, decimals, totalSupply, status, explorerUrl, holders, transactions }: the asset’s ERC-3643 token */
        get: operations["TokensController_token"];
        /** Step 4: the token terms (symbol, supply, decimals, price, investment limits, network, lock-up, fees) */
        put: operations["AssetController_configure"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Step 5: submit for tokenization review; the asset is pending until an admin decides */
        post: operations["AssetController_submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dashboard stat cards: totalValue (NZD), activeTokens, totalInvestors, complianceScore (percent of the four checks passed) */
        get: operations["AssetController_stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/activities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person's recent activity as an owner and as an investor, newest first (at most 50) */
        get: operations["AssetController_activities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/investors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Investors across the owner's assets (the dashboard's Cap Table Management) */
        get: operations["AssetController_investors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Assets by status (default: pending review), oldest request first */
        get: operations["AssetReviewController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/assets/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AssetReviewController_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/assets/{id}/return": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AssetReviewController_sendBack"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An asset's page: facts, documents, valuation, token terms, cap table, offerings and history — for its owner, staff, and investors once it has an offering (who see no one's personal data) */
        get: operations["AssetPageController_overview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compliance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The owner's four checks (status, last updated, expiry), score and label, deadlines, history */
        get: operations["ComplianceController_overview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compliance/review-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Request Compliance Review: compliance staff see it in their queue */
        post: operations["ComplianceController_requestReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compliance/report.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download Compliance Report: the checks and their history as a PDF */
        get: operations["ComplianceController_report"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/pds.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Generate PDS Document: a draft product disclosure statement from the asset's data, for the owner's advisers */
        get: operations["ComplianceController_pds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compliance-reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owners who requested a compliance review, oldest first, with their checks */
        get: operations["ComplianceReviewController_queue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compliance-reviews/{ownerId}/checks/{check}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a check for an owner: status, expiry date (required when passed), note */
        post: operations["ComplianceReviewController_record"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wholesale-verification/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload one piece of evidence (raw body; PDF, doc, docx, JPG or PNG by content; at most 10MB; name in X-File-Name) */
        post: operations["EvidenceController_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wholesale-verification/documents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download evidence: the investor who uploaded it, admins and compliance staff */
        get: operations["EvidenceController_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wholesale-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** verificationStatus (none, pending, verified, rejected, expired = lapsed, revoked = revoked by the investor), isWholesaleInvestor, verificationType, verifiedAt, validUntil, revokedAt */
        get: operations["VerificationController_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wholesale-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit a wholesale investor certification (FMC Act 2013, Schedule 1); it is pending until reviewed */
        post: operations["VerificationController_submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wholesale-verification/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke your own wholesale investor certificate in writing (FMC Act 2013, Schedule 1 clause 46), from now: no new offer and no transfer to you; what you hold stays yours */
        post: operations["VerificationController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/wholesale-verifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** { verifications }: newest first, with the investor e-mail and evidence links */
        get: operations["VerificationAdminController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/wholesale-verification/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Approve (status verified) or reject (status rejected, with rejectionReason) a pending verification */
        put: operations["VerificationAdminController_decide"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/counters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The admin page counters: pending, verified, rejected, activeOfferings */
        get: operations["VerificationAdminController_counters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operations/wholesale/expire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lapse sweep now (or as of an earlier moment): certifications past their validity expire */
        post: operations["VerificationOperationsController_expire"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** { address, registered, custody }: the signed-in person’s wallet on the chain */
        get: operations["TokensController_wallet"];
        put?: never;
        /** Register an address of your own instead of the platform-held one, proven by signing the message of POST /api/wallet/challenge: the identity registry follows (audited as OwnWalletRegistered) */
        post: operations["TokensController_registerWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/chain/problems": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Chain transactions that will not happen by themselves: failed ones (with the chain’s reason) and those waiting on nothing that moves (admins only) */
        get: operations["TokensController_chainProblems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/chain/transactions/{txId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Asks again for a failed transfer, mint, lock-up, registry change, freeze or wallet-recovery step once its cause is dealt with; a recipient whose wallet the registry lacks is registered first (admins only) */
        post: operations["TokensController_retryChainTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wallet/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** { message, expiresAt }: an EIP-4361 (Sign-In with Ethereum) message for this address, single-use, valid 10 minutes — sign it with the wallet (EIP-191 personal_sign) and POST /api/wallet */
        post: operations["TokensController_walletChallenge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/wallet-recoveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every wallet recovery, newest first: investor, lost and new address, reason, requester, approver, stage and chain steps (admins only) */
        get: operations["WalletRecoveryController_listRecoveries"];
        put?: never;
        /** Records that the investor’s identity was re-verified (with how) and opens the recovery of their lost wallet; the investor then proves control of a new address (own wallets), another admin approves (admins only) */
        post: operations["WalletRecoveryController_requestRecovery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wallet/recoveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in investor’s own wallet recoveries, newest first (their home shows one waiting for their proof, for approval, or done) */
        get: operations["WalletRecoveryController_ownRecoveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wallet/recoveries/{id}/proof": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The investor proves control of their new address for an open recovery, by signing the message of POST /api/wallet/challenge for it */
        post: operations["WalletRecoveryController_proveRecovery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/wallet-recoveries/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Another admin approves a recovery (never the requester, never the investor): the tokens move from the lost wallet to the new one on chain (recoveryAddress, then forced transfers), freezes kept (admins only) */
        post: operations["WalletRecoveryController_approveRecovery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/wallet-recoveries/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancels an open wallet recovery, with a reason (admins only) */
        post: operations["WalletRecoveryController_cancelRecovery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operations/chain-outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ChainOutboxOperationsController_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operations/chain-outbox/rebuild": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["ChainOutboxOperationsController_rebuild"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/offerings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** { offerings }: the active offerings, for verified wholesale investors (and admins) */
        get: operations["OfferingController_offerings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/my-offerings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** { offerings }: offerings of the signed-in owner's assets (for /analytics) */
        get: operations["OfferingController_mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/holdings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** { holdings }: the signed-in investor's investments, newest first; each with walletAddress, onChainBalance (the wallet's balance of the asset's token) and chainTxHash */
        get: operations["OfferingController_holdings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invest in an offering: tokensRequested × tokenPrice = investmentAmount, at least the minimum, within the tokens left */
        post: operations["OfferingController_invest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/offerings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an offering for an approved asset (docs/specification.md §7) */
        post: operations["OfferingAdminController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/offerings/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["OfferingAdminController_close"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/investments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Investments by status (default pending), oldest first */
        get: operations["OfferingAdminController_investments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/investments/{offeringId}/{investmentId}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["OfferingAdminController_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/investments/{offeringId}/{investmentId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["OfferingAdminController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/investments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in investor's investments, newest first, each priced now (tokens × the asset's current token price), with the portfolio's totals; each with walletAddress, onChainBalance, onChainExpected, chainTxHash and chainTxStatus */
        get: operations["OfferingPagesController_investments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/investments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One investment: for its investor, admins, and the owner of the asset (without the investor); with the chain side of the holding, its frozen tokens and those its holder’s transfers claim, as on /api/investments */
        get: operations["OfferingPagesController_investment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/offerings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One offering with its asset (valuation, documents, terms) and progress: for staff, the asset owner, its investors, and verified wholesale investors while it is open */
        get: operations["OfferingPagesController_offering"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The asset's supply: owner retained, off-platform, offered, issued; allocations; supply changes */
        get: operations["RegisterController_register"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/cap-table": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cap table (every holder, offered tokens and the owner’s); asOf replays the log */
        get: operations["RegisterController_capTable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/cap-table.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cap table as CSV, with every holder’s name and e-mail */
        get: operations["RegisterController_capTableCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/investors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cap table: record an off-platform holder, within the unallocated supply and the plan */
        post: operations["RegisterController_addInvestor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/investors/{investorId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Cap table: change an off-platform holding (name, e-mail, tokens), with a reason */
        put: operations["RegisterController_changeInvestor"];
        post?: never;
        /** Cap table: remove an off-platform holder, with a reason (body { reason }) */
        delete: operations["RegisterController_removeInvestor"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/transfer-approval": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Who approves transfers between the asset’s investors: its owner (admins may too) or Kauri’s admins only; the owner or an admin hands it to the admins, only an admin hands it back */
        put: operations["RegisterController_chooseTransferApproval"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/supply-changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask to issue more tokens (positive delta) or cancel unissued ones (negative); an admin decides */
        post: operations["RegisterController_requestSupplyChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/supply-changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pending supply changes, oldest first, with each asset’s supply and dilution */
        get: operations["RegisterAdminController_pending"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/freezes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Freezes and unfreezes awaiting a second admin, oldest first, with each holding */
        get: operations["RegisterAdminController_pendingFreezes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/assets/{id}/freezes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask to freeze or unfreeze a holder's tokens of the asset (whole holding or N tokens), with a reason */
        post: operations["RegisterAdminController_requestFreeze"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/assets/{id}/freezes/{requestId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a freeze or unfreeze another admin asked for (the chain follows) */
        post: operations["RegisterAdminController_approveFreeze"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/assets/{id}/freezes/{requestId}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["RegisterAdminController_rejectFreeze"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/assets/{id}/supply-changes/{changeId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["RegisterAdminController_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/assets/{id}/supply-changes/{changeId}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["RegisterAdminController_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operations/reconciliation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ReconciliationController_status"];
        put?: never;
        post: operations["ReconciliationController_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The timeline: events in log order, filtered by stream (or its start), type, acting user and time; paged by position */
        get: operations["AuditController_timeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/correlation/{correlationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every event one request caused: its correlation id, and what those events caused in turn */
        get: operations["AuditController_correlation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/streams/{streamId}/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An aggregate as it stood at a past moment, beside the events that built it */
        get: operations["AuditController_state"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The filtered history as CSV or JSON, streamed page by page; X-Head-Position lets a client show progress */
        get: operations["AuditController_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/integrity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The running or last tamper-evidence check */
        get: operations["AuditController_integrityStatus"];
        put?: never;
        /** Recomputes every stream's hash chain; follow progress in GET /api/audit/integrity */
        post: operations["AuditController_verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/subjects/{subjectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A person's standing: events with their personal data, AML/CFT customer or not, records kept until */
        get: operations["AuditController_subject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/subjects/{subjectId}/forget": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Forgets a person (Privacy Act 2020): deletes their key; refused while AML/CFT record keeping applies */
        post: operations["AuditController_forget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tax-profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your tax profile (a resident without an IRD number until you save one) */
        get: operations["TaxProfileController_get"];
        /** Save your tax profile: residency, IRD number (check digit), elected RWT rate, treaty country */
        put: operations["TaxProfileController_save"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/distributions/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Every holder’s line as a declaration would fix it (nothing is recorded) */
        post: operations["DistributionController_preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/distributions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The asset’s distributions, newest first (its owner, admins) */
        get: operations["DistributionController_list"];
        put?: never;
        /** Declare a distribution: kind, amount, record and payment dates, imputation credits */
        post: operations["DistributionController_declare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/distributions/{distributionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A distribution with every holder’s line and its payment */
        get: operations["DistributionController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/distributions/{distributionId}/fund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Fund an approved distribution by card (the holders’ gross); 402 when declined */
        post: operations["DistributionController_fund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/assets/{id}/distributions/{distributionId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel before paying (the owner or an admin), with a reason */
        post: operations["DistributionController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/income": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your income from distributions: each line and the totals per NZ tax year */
        get: operations["DistributionController_income"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/income/statements/{taxYear}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your annual tax statement (PDF) for a tax year, e.g. 2027 = 1 April 2026 – 31 March 2027 */
        get: operations["DistributionController_statement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/income-report.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your distributions paid in a month: per recipient what Inland Revenue asks for, and totals */
        get: operations["DistributionController_payerReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/distributions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Distributions, newest first; ?status=proposed for those awaiting approval */
        get: operations["DistributionAdminController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/distributions/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start paying a funded distribution on or after its payment date */
        post: operations["DistributionAdminController_pay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/distributions/{id}/direct-credit.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The direct-credit file to import into internet banking; lines without a bank account are left out */
        get: operations["DistributionAdminController_directCredit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/distributions/{id}/direct-credit/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The bank ran the direct credits: those lines are paid (and the distribution when all are) */
        post: operations["DistributionAdminController_confirmDirectCredit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/distributions/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask the payment provider again for a cancelled distribution’s refund (after a failure or a crash) */
        post: operations["DistributionAdminController_refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/distributions/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a proposed distribution (never one of your own assets) */
        post: operations["DistributionAdminController_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/withheld-tax": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Withheld tax per month and kind: withheld, paid to Inland Revenue, outstanding */
        get: operations["WithheldTaxController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/withheld-tax/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a payment of withheld tax made to Inland Revenue (another admin confirms it) */
        post: operations["WithheldTaxController_record"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/withheld-tax/payments/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm a payment another admin recorded (four eyes): it reduces what is outstanding */
        post: operations["WithheldTaxController_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/withheld-tax/payments/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a recorded payment awaiting confirmation (a wrong amount or reference), with a reason: it no longer counts */
        post: operations["WithheldTaxController_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person’s transfers, as seller, buyer or the asset’s owner */
        get: operations["TransfersController_list"];
        put?: never;
        /** The seller proposes a transfer of some of their tokens to a named verified investor */
        post: operations["TransfersController_propose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transfers/asset/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every transfer of an asset, newest first, for its screen (admins only) */
        get: operations["TransfersController_ofAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transfers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One transfer (its parties and the asset’s owner only) */
        get: operations["TransfersController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transfers/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The buyer accepts (the checks run again) */
        post: operations["TransfersController_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transfers/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The asset’s owner (or an admin) approves: the checks run again, then settlement starts */
        post: operations["TransfersController_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transfers/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An admin asks a failed settlement again once its cause is dealt with: the checks run again, then each failed DvP step is asked of the chain again (admins only) */
        post: operations["TransfersController_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transfers/{id}/abandon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An admin who is not a party gives up on a failed settlement whose cause does not go away, with a reason: the transfer ends abandoned and what its DvP left open on chain is undone (admins only) */
        post: operations["TransfersController_abandon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transfers/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Either party cancels before settlement starts */
        post: operations["TransfersController_cancel"];
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
        ChainOffDto: {
            ok: boolean;
            /** @enum {string} */
            kind: "off";
            /** @enum {number|null} */
            chainId: null;
            /** @enum {number|null} */
            head: null;
            /** @enum {number|null} */
            drift: null;
        };
        EmbeddedNodeDto: {
            /** @description Its process id; null while it is down */
            pid: number | null;
            /** @description How often it was restarted after dying */
            restarts: number;
        };
        ChainOnDto: {
            ok: boolean;
            /** @enum {string} */
            kind: "anvil" | "rpc";
            chainId: number;
            /** @description The head block; null when the node did not answer */
            head: number | null;
            /** @description Why the node did not answer */
            detail?: string;
            /** @description True while the chain is being opened (the embedded node starting): not ok, and sends wait for it */
            starting?: boolean;
            /** @description True while the chain outbox loads its state after a restart: chain views wait for it, and the reconciliation is not run yet */
            stateLoading?: boolean;
            /** @description Σ |register − chain| over every holder of every token; 0 when they agree (null before the first check, and while the node does not answer) */
            drift: number | null;
            /** @description Cents: Σ |expected − held| over the wallets the platform moved the NZD stablecoin to or from (paid lines, transfers between investors); 0 when they agree (null before the first check, and while the node does not answer) */
            stablecoinDrift: number | null;
            /** @description Chain transactions not yet settled, counted from the log (null while its state loads) */
            pending: number | null;
            /** @description Chain transactions without outcome for longer than pendingBoundSeconds */
            overdue: number;
            /** @description CHAIN_PENDING_BOUND_SECONDS: how long a transaction may wait before it is overdue */
            pendingBoundSeconds: number;
            /** @description With the embedded node only */
            node?: components["schemas"]["EmbeddedNodeDto"];
            /** @description Chain transactions that will not happen by themselves (GET /api/admin/chain/problems lists them) */
            problems: number | null;
        };
        ChainSummaryDto: {
            /** @description The node answers (true with no chain) */
            ok: boolean;
            /** @enum {string} */
            kind: "off" | "anvil" | "rpc";
        };
        HealthDto: {
            /**
             * @description degraded whenever `failing` is not empty
             * @enum {string}
             */
            status: "ok" | "degraded";
            /** @description false (HTTP 503): this replica cannot serve correctly; send its requests elsewhere */
            ready: boolean;
            /** @description The checks that fail, by name: eventStore, readStore, projections, chain, or a domain’s check (register); empty when ok */
            failing: string[];
            /** @description The chain tokens are issued on (off: none) */
            chain: components["schemas"]["ChainSummaryDto"];
        };
        StoreHealthDto: {
            ok: boolean;
            /** @description The adapter: memory, pglite, postgres, eventstoredb, mongodb */
            kind: string;
            /** @description What went wrong */
            detail?: string;
            /** @description Read store only: collections kept but not in memory yet (after a restart they load in the background); 0 once every one is */
            loading?: number;
        };
        ProjectionErrorDto: {
            message: string;
            /** @description The event the projection stopped at */
            position: number;
            eventType: string;
            streamId: string;
            at: string;
        };
        RebuildProgressDto: {
            done: number;
            total: number;
            position: number;
            /** @description Events per second */
            rate: number;
            startedAt: string;
        };
        RebuildOutcomeDto: {
            /** @enum {string} */
            outcome: "swapped" | "failed";
            startedAt: string;
            finishedAt: string;
            durationMs: number;
            /** @description Events read from the log into the fresh copy */
            eventsReplayed: number;
            /** @description The log position the fresh copy was built to */
            position: number;
            /** @description Documents in the copy swapped in (0 when it failed) */
            documents: number;
            error: string | null;
        };
        PersistenceRetryDto: {
            /** @enum {boolean} */
            retrying: true;
            /** @description Failed attempts to store them so far */
            attempts: number;
            /** @description Why the last attempt failed */
            lastError: string;
            nextAttemptAt: string;
        };
        ProjectionInfoDto: {
            name: string;
            version: number;
            /** @enum {string} */
            status: "starting" | "catching-up" | "live" | "failed" | "rebuilding";
            checkpoint: number;
            head: number;
            lag: number;
            /** @description Events per second over the last 10 s (live, resumed or replayed) */
            rate: number;
            lastError: components["schemas"]["ProjectionErrorDto"] | null;
            rebuild: components["schemas"]["RebuildProgressDto"] | null;
            lastRebuild: components["schemas"]["RebuildOutcomeDto"] | null;
            persistence: components["schemas"]["PersistenceRetryDto"] | null;
        };
        OperatorHealthDto: {
            /**
             * @description degraded whenever `failing` is not empty
             * @enum {string}
             */
            status: "ok" | "degraded";
            /** @description false (HTTP 503): this replica cannot serve correctly; send its requests elsewhere */
            ready: boolean;
            /** @description The checks that fail, by name: eventStore, readStore, projections, chain, or a domain’s check (register); empty when ok */
            failing: string[];
            /** @description The chain tokens are issued on; a chain that is down degrades only token issuance */
            chain: components["schemas"]["ChainOffDto"] | components["schemas"]["ChainOnDto"];
            /** @description Why it is degraded or not ready, one sentence each; empty when ok */
            reasons: string[];
            eventStore: components["schemas"]["StoreHealthDto"];
            readStore: components["schemas"]["StoreHealthDto"];
            projections: components["schemas"]["ProjectionInfoDto"][];
        };
        LivenessDto: {
            /** @enum {string} */
            status: "ok";
            pid: number;
            uptimeSeconds: number;
        };
        ChecksumsDto: {
            /** @description By read model */
            checkpoints: {
                [key: string]: number;
            };
            /** @description SHA-256 of each read model's documents */
            readModels: {
                [key: string]: string;
            };
        };
        RebuildStartedDto: {
            started: boolean;
            name: string;
            /** @description The rebuild’s own start is at or after this */
            requestedAt: string;
        };
        BrokenLinkDto: {
            streamId: string;
            revision: number;
            position: number;
            eventId: string;
            type: string;
            /** @enum {string} */
            reason: "hash mismatch" | "missing hash" | "revision gap";
        };
        IntegrityReportDto: {
            checkedEvents: number;
            checkedStreams: number;
            /** @description The first broken link in (stream, revision) order; null when every chain holds */
            firstBroken: components["schemas"]["BrokenLinkDto"] | null;
        };
        IntegrityStatusDto: {
            running: boolean;
            checked: number;
            /** @description Events in the log when the check started */
            total: number;
            startedAt: string | null;
            finishedAt: string | null;
            /** @description The last finished check's report; null for EventStoreDB, which keeps no hashes */
            report: components["schemas"]["IntegrityReportDto"] | null;
            supported: boolean;
            error: string | null;
        };
        ReplicaRefDto: {
            id: string;
            host: string;
            pid: number;
        };
        HeldJobDto: {
            name: string;
            checkpoint: number | null;
        };
        ReplicaDto: {
            id: string;
            host: string;
            pid: number;
            startedAt: string;
            /** @description The log position the replica's read models have applied */
            checkpoint: number;
            /** @description The jobs whose lease it holds */
            jobs: components["schemas"]["HeldJobDto"][];
            /** @description Its last heartbeat */
            seenAt: string;
        };
        JobRunDto: {
            startedAt: string;
            finishedAt: string | null;
            error: string | null;
        };
        JobStatusDto: {
            name: string;
            description: string;
            /** @enum {string} */
            kind: "subscription" | "schedule";
            /**
             * @description one-replica: run by the holder of its lease; every-replica: each replica runs its own
             * @enum {string}
             */
            scope: "one-replica" | "every-replica";
            /** @description The replica holding it (null: none now) */
            holder: components["schemas"]["ReplicaRefDto"] | null;
            heldHere: boolean;
            /** @description When this replica took it */
            since: string | null;
            /** @description A subscription's position in the log */
            checkpoint: number | null;
            /** @description Events between its checkpoint and the head */
            lag: number | null;
            everyMs: number | null;
            /** @description A schedule's last run on this replica */
            lastRun: components["schemas"]["JobRunDto"] | null;
        };
        JobsStatusDto: {
            /** @description The replica that answered */
            replica: components["schemas"]["ReplicaRefDto"];
            /**
             * @description How leases are held
             * @enum {string}
             */
            leases: "local" | "postgres" | "mongodb";
            /** @description The live replicas, by their heartbeats */
            replicas: components["schemas"]["ReplicaDto"][];
            jobs: components["schemas"]["JobStatusDto"][];
        };
        RegisterInterestDto: {
            firstName: string;
            lastName: string;
            /** Format: email */
            email: string;
            phone: string;
            /**
             * Format: date
             * @example 1980-04-25
             */
            dateOfBirth: string;
            /** @enum {string} */
            country: "nz" | "au" | "sg" | "uk" | "us" | "ca" | "other";
            city: string;
            occupation: string;
            investmentInterest: ("residential" | "commercial" | "startups" | "businesses" | "infrastructure" | "other")[];
            /** @enum {string} */
            investmentAmount: "under-10k" | "10k-50k" | "50k-100k" | "100k-500k" | "500k-1m" | "over-1m";
            /** @enum {string} */
            experience: "beginner" | "intermediate" | "experienced" | "expert";
            additionalInfo?: string;
            agreeToTerms: boolean;
            agreeToContact: boolean;
        };
        RegistrationReceiptDto: {
            registrationId: string;
            /** @description Global position of the event, for read-your-writes (X-Read-After) */
            position: number;
        };
        ConfirmInterestDto: {
            /** @description The `token` parameter of the link in the confirmation e-mail */
            token: string;
        };
        ConfirmationReceiptDto: {
            registrationId: string;
            /** @description Confirmed registration number, 1 for the first */
            number: number;
            /** @description True for the first 100 confirmed registrations: the sign-on fee is waived */
            feeWaived: boolean;
            /** @description Global position of the event, for read-your-writes (X-Read-After) */
            position: number;
        };
        EarlyAccessDto: {
            waivedPlaces: number;
            placesLeft: number;
            /** @description Confirmed registrations (a registration counts once its e-mail address is confirmed) */
            registrations: number;
        };
        RegisterDto: {
            /** Format: email */
            email: string;
            /** @description At least 12 characters (the security page) */
            password: string;
            firstName?: string;
            lastName?: string;
        };
        UserWithPositionDto: {
            id: string;
            firstName: string | null;
            lastName: string | null;
            email: string;
            profileImageUrl: string | null;
            /**
             * @description 'admin' when the user holds the admin role
             * @enum {string}
             */
            role: "admin" | "user";
            /** @description Granted roles; every user may own assets and invest */
            roles: ("admin" | "compliance")[];
            /** @description Whether the holder proved they receive mail at the address (the e-mailed link, or an OpenID provider’s email_verified); accounts from before confirmation links are unverified until they use one */
            emailVerified: boolean;
            /** @enum {string} */
            subscriptionStatus: "active" | "canceled" | "past_due" | "incomplete" | "inactive";
            /**
             * @description null without a plan
             * @enum {string|null}
             */
            subscriptionTier: "starter" | "professional" | "enterprise" | null;
            /** @description Global position of the last event, for read-your-writes (X-Read-After) */
            position: number;
        };
        LoginDto: {
            /** Format: email */
            email: string;
            password: string;
        };
        SignedOutDto: {
            success: boolean;
            /** @description Global position of the last event, for read-your-writes (X-Read-After); 0 when nothing was signed in */
            position: number;
        };
        UserDto: {
            id: string;
            firstName: string | null;
            lastName: string | null;
            email: string;
            profileImageUrl: string | null;
            /**
             * @description 'admin' when the user holds the admin role
             * @enum {string}
             */
            role: "admin" | "user";
            /** @description Granted roles; every user may own assets and invest */
            roles: ("admin" | "compliance")[];
            /** @description Whether the holder proved they receive mail at the address (the e-mailed link, or an OpenID provider’s email_verified); accounts from before confirmation links are unverified until they use one */
            emailVerified: boolean;
            /** @enum {string} */
            subscriptionStatus: "active" | "canceled" | "past_due" | "incomplete" | "inactive";
            /**
             * @description null without a plan
             * @enum {string|null}
             */
            subscriptionTier: "starter" | "professional" | "enterprise" | null;
        };
        UpdateProfileDto: {
            firstName: string;
            lastName: string;
        };
        AuthConfigDto: {
            /** @description Whether an external OpenID provider is configured */
            oidc: boolean;
        };
        AuthCallbackDto: {
            /** @description The code the provider returned to /auth/callback */
            code: string;
            /** @description The error the provider returned instead of a code (e.g. access_denied), passed on */
            error?: string;
            error_description?: string;
            /** @description The state the provider returned (the client checked it against its stored one) */
            state: string;
            /** @description The redirect_uri used to start the login (origin + /auth/callback) */
            redirect_uri: string;
        };
        AuthCallbackResponseDto: {
            user: components["schemas"]["UserDto"];
            /** @description Bearer token for the Authorization header */
            token: string;
            /** @description Seconds until the token expires (TOKEN_TTL_SECONDS, default 3600) */
            expires_in: number;
            /** @description Global position of the last event, for read-your-writes (X-Read-After) */
            position: number;
        };
        RegistrationRecordDto: {
            id: string;
            /** @description In order of confirmation; null until the registrant confirms their e-mail address */
            number: number | null;
            feeWaived: boolean;
            confirmedAt: string | null;
            /** @description The e-mail key a signed-in user’s early-access waiver is found by */
            emailKey: string;
            firstName: string;
            lastName: string;
            email: string;
            phone: string;
            city: string;
            country: string;
            occupation: string;
            investmentInterest: string[];
            investmentAmount: string;
            experience: string;
            additionalInfo: string | null;
            registeredAt: string;
        };
        RegistrationsDto: {
            /** @description Newest first */
            registrations: components["schemas"]["RegistrationRecordDto"][];
        };
        RoleChangeDto: {
            /** Format: email */
            email: string;
            /** @enum {string} */
            role: "admin" | "compliance";
            /** @enum {string} */
            action: "grant" | "revoke";
        };
        RoleChangedDto: {
            userId: string;
            /** @description False when nothing needed doing */
            changed: boolean;
            /** @description The roles held now */
            roles: ("admin" | "compliance")[];
            /** @description Global position of the last event, for read-your-writes (X-Read-After) */
            position: number;
        };
        PasswordResetRequestDto: {
            /** Format: email */
            email: string;
        };
        PasswordResetRequestedDto: {
            /** @description The same whether or not the address has an account */
            message: string;
        };
        PasswordResetDto: {
            /** @description The token of the e-mailed link (/auth/reset-password?token=…) */
            token: string;
            /** @description At least 12 characters (the security page) */
            password: string;
        };
        PasswordChangedDto: {
            success: boolean;
            /** @description Global position of the last event, for read-your-writes (X-Read-After) */
            position: number;
        };
        EmailVerificationDto: {
            /** @description The token of the e-mailed link (/auth/verify-email?token=…) */
            token: string;
        };
        EmailVerifiedDto: {
            success: boolean;
            /** @description Global position of the last event, for read-your-writes (X-Read-After) */
            position: number;
        };
        EmailVerificationRequestedDto: {
            message: string;
            /** @description Global position of the link’s record, for read-your-writes (X-Read-After) */
            position: number;
        };
        PropertyInputDto: {
            propertyAddress: string;
            tokenCount: number;
            propertyPercentage: number;
            /** @enum {string} */
            propertyType: "residential-house" | "apartment" | "duplex" | "vacation-rental" | "commercial-office" | "retail-space" | "warehouse" | "mixed-use" | "residential-development" | "commercial-development" | "land-development" | "hotel-development" | "agricultural-land" | "industrial-facility" | "healthcare-facility" | "renewable-energy" | "art-collection" | "luxury-assets" | "intellectual-property" | "infrastructure";
            /** @description City or region, e.g. "Auckland" */
            location?: string;
            /** @description Country name or code; empty means New Zealand */
            country?: string;
            /** @description Floor or land area in m²; 0 or absent: typical for the type */
            size?: number;
            /** @enum {string} */
            condition: "excellent" | "good" | "average" | "needs-work";
            amenities?: ("parking" | "pool" | "gym" | "garden" | "security" | "elevator")[];
        };
        CostDto: {
            description: string;
            /** @description NZD */
            amount: number;
        };
        RiskDto: {
            /** @enum {string} */
            level: "low" | "medium" | "high";
            category: string;
            description: string;
        };
        YearIncomeDto: {
            year: number;
            tokenHolderIncome: number;
        };
        IncomeProjectionsDto: {
            monthlyRental: number;
            ownerRetainedIncome: number;
            tokenHolderShare: number;
            fiveYearProjection: number;
            distributionPerToken: number;
            yieldPercentage: number;
            /** @description Token holders' income year by year (the five-year chart) */
            years: components["schemas"]["YearIncomeDto"][];
        };
        PropertyAnalysisDto: {
            propertyValue: number;
            tokenValue: number;
            currency: string;
            tokenCount: number;
            propertyPercentage: number;
            tokenizedValue: number;
            costs: components["schemas"]["CostDto"][];
            totalCost: number;
            riskAnalysis: components["schemas"]["RiskDto"][];
            recommendations: string[];
            incomeProjections?: components["schemas"]["IncomeProjectionsDto"];
            /** @description How the value was reached, line by line */
            basis: string[];
            disclaimer: string;
            referenceDate: string;
        };
        StartupInputDto: {
            companyName: string;
            /** @default 1000000 */
            tokenCount: number;
            /** @default 1000000 */
            fundingGoal: number;
            /** @enum {string} */
            industry: "technology" | "fintech" | "healthcare" | "e-commerce" | "saas" | "biotech" | "energy" | "real-estate" | "manufacturing" | "other";
            /** @enum {string} */
            businessStage: "idea" | "pre-seed" | "seed" | "series-a" | "series-b" | "growth";
            /** @description Annual revenue, NZD */
            revenue?: number;
            employees?: number;
            foundedYear?: number;
            description?: string;
            useOfFunds?: string;
        };
        ProjectedReturnsDto: {
            expectedGrowthRate: number;
            timeToLiquidity: string;
            potentialReturns: string;
        };
        StartupAnalysisDto: {
            companyValuation: number;
            tokenValue: number;
            fundingGoal: number;
            currency: string;
            costs: components["schemas"]["CostDto"][];
            totalCost: number;
            riskAnalysis: components["schemas"]["RiskDto"][];
            projectedReturns: components["schemas"]["ProjectedReturnsDto"];
            recommendations: string[];
            /** @description Share of the company the raise sells, % of post-money */
            equityOffered: number;
            basis: string[];
            disclaimer: string;
            referenceDate: string;
        };
        PricingInputDto: {
            assetValue: number;
            /** @enum {string} */
            tier: "starter" | "professional" | "enterprise";
        };
        PricingResultDto: {
            /** @enum {string} */
            tier: "starter" | "professional" | "enterprise";
            /** @description NZD: the plan’s first payment */
            setupFee: number;
            /** @description True when the early-access waiver removed the set-up fee */
            setupFeeWaived: boolean;
            planPrice: number;
            /** @enum {string} */
            planBilling: "one-time" | "monthly";
            platformFeePercent: number;
            platformFee: number;
            total: number;
        };
        PlanLimitsDto: {
            /** @description Assets the owner may tokenize; null = unlimited */
            maxAssets: number | null;
            /** @description NZD per asset; null = unlimited */
            maxAssetValue: number | null;
            /** @description Investors per asset; null = unlimited */
            maxInvestorsPerAsset: number | null;
        };
        PlanDto: {
            /** @enum {string} */
            tier: "starter" | "professional" | "enterprise";
            name: string;
            /** @enum {string} */
            billing: "one-time" | "monthly";
            /** @description NZD */
            price: number;
            mostPopular: boolean;
            limits: components["schemas"]["PlanLimitsDto"];
            features: string[];
        };
        CreateSubscriptionDto: {
            /** @enum {string} */
            tier: "starter" | "professional" | "enterprise";
        };
        CreateSubscriptionResponseDto: {
            /** @description What the payment form confirms; null when nothing is to be paid (a waived Starter plan is active at once) */
            clientSecret: string | null;
            /**
             * @description 'setup' when the first payment is waived and the card is only saved
             * @enum {string|null}
             */
            intent: "payment" | "setup" | null;
            /** @enum {string} */
            tier: "starter" | "professional" | "enterprise";
            /** @description NZD charged now */
            amountDue: number;
            /** @description The early-access waiver covers the first payment */
            setupFeeWaived: boolean;
            /** @enum {string} */
            status: "incomplete" | "active";
            /** @description Event log position, for X-Read-After */
            position: number;
        };
        SubscriptionStatusDto: {
            /** @enum {string} */
            status: "active" | "canceled" | "past_due" | "incomplete" | "inactive";
            /** @enum {string|null} */
            tier: "starter" | "professional" | "enterprise" | null;
            /** @description Unix seconds; null for the one-time Starter plan */
            currentPeriodEnd: number | null;
            cancelAtPeriodEnd: boolean;
        };
        ChangePlanDto: {
            /** @enum {string} */
            tier: "professional" | "enterprise";
        };
        PlanChangedDto: {
            /** @enum {string} */
            tier: "starter" | "professional" | "enterprise";
            /** @description NZD charged now (an upgrade, positive) or credited to the next invoices (negative) */
            proration: number;
            /** @description Unix seconds */
            currentPeriodEnd: number | null;
            position: number;
        };
        CancelSubscriptionResponseDto: {
            success: boolean;
            position: number;
        };
        BillingHistoryEntryDto: {
            at: string;
            /** @enum {string} */
            kind: "checkout" | "plan-changed" | "payment" | "renewal" | "payment-failed" | "past-due" | "cancellation-scheduled" | "cancellation-withdrawn" | "canceled";
            /** @enum {string|null} */
            tier: "starter" | "professional" | "enterprise" | null;
            amount: number | null;
            note: string | null;
        };
        BillingOverviewDto: {
            /** @enum {string} */
            status: "active" | "canceled" | "past_due" | "incomplete" | "inactive";
            /** @enum {string|null} */
            tier: "starter" | "professional" | "enterprise" | null;
            /** @description Unix seconds; null for the one-time Starter plan */
            currentPeriodEnd: number | null;
            cancelAtPeriodEnd: boolean;
            /** @enum {string} */
            provider: "stripe" | "sandbox";
            /** @description Stripe's publishable key for the Payment Element; null in sandbox mode */
            publishableKey: string | null;
            lastPaymentError: string | null;
            /** @description Newest first */
            history: components["schemas"]["BillingHistoryEntryDto"][];
        };
        PortalDto: {
            /** @description The provider's billing portal (open in a new tab) */
            url: string;
        };
        SandboxPaymentDto: {
            clientSecret: string;
            /** @example 4242 4242 4242 4242 */
            number: string;
            /**
             * @description MM/YY
             * @example 12/34
             */
            expiry: string;
            /** @example 123 */
            cvc: string;
        };
        SuccessDto: {
            success: boolean;
            position?: number;
        };
        AssetDocumentDto: {
            id: string;
            /** @enum {string} */
            kind: "property-deed" | "valuation-report" | "financial-statements" | "company-constitution" | "shareholder-register";
            title: string;
            fileName: string;
            /** @description Bytes */
            size: number;
            sha256: string;
            uploadedAt: string;
        };
        ValuationDto: {
            /** @description NZD */
            value: number;
            /** @enum {string} */
            method: "property-calculator" | "startup-calculator" | "owner-estimate";
            at: string;
        };
        TokenTermsDto: {
            /** @example KAURI */
            symbol: string;
            name: string;
            totalSupply: number;
            decimals: number;
            /** @description NZD per token */
            price: number;
            minInvestment: number;
            maxInvestment: number;
            /** @enum {string} */
            network: "ethereum" | "polygon" | "base";
            lockUpMonths: number;
            /** @description percent */
            feePercent: number;
        };
        CapTableEntryDto: {
            /**
             * @description platform: a verified wholesale investor's confirmed investment; off-platform: added by the owner
             * @enum {string}
             */
            source: "platform" | "off-platform";
            investorId: string;
            name: string;
            email: string | null;
            tokens: number;
            addedAt: string;
        };
        AssetDto: {
            id: string;
            ownerId: string;
            name: string;
            description: string;
            /** @enum {string} */
            assetType: "property" | "business" | "startup";
            address: string | null;
            /** @description NZD: the owner's figure at drafting, replaced by the accepted valuation */
            totalValue: number;
            tokenCount: number;
            /** @enum {string} */
            status: "draft" | "pending" | "active";
            /** @description The wizard step to resume at (1–5) */
            currentStep: number;
            documents: components["schemas"]["AssetDocumentDto"][];
            valuation: components["schemas"]["ValuationDto"] | null;
            /** @description The first accepted valuation */
            firstValuation: number | null;
            /** @description The owner’s terms; totalSupply is the supply now */
            terms: components["schemas"]["TokenTermsDto"] | null;
            /** @description The supply the tokenization was approved with, once a supply change moved it (Initial supply) */
            initialSupply: number | null;
            capTable: components["schemas"]["CapTableEntryDto"][];
            /** @description Why an admin sent it back, until submitted again */
            returnReason: string | null;
            createdAt: string;
            submittedAt: string | null;
            approvedAt: string | null;
            updatedAt: string;
            /** @description Real change since the first accepted valuation, percent; null until there is one */
            changePercent: number | null;
        };
        CreateAssetDto: {
            name: string;
            description: string;
            /** @enum {string} */
            assetType: "property" | "business" | "startup";
            address?: string;
            /** @description NZD */
            totalValue: number;
            tokenCount: number;
        };
        CreatedDto: {
            success: boolean;
            /** @description Event log position, for X-Read-After */
            position: number;
            id: string;
        };
        UploadedDocumentDto: {
            id: string;
            /** @description One of the asset type’s documents */
            kind: string;
            fileName: string;
            size: number;
            sha256: string;
        };
        DocumentUploadedDto: {
            success: boolean;
            /** @description Event log position, for X-Read-After */
            position: number;
            document: components["schemas"]["UploadedDocumentDto"];
        };
        ValueAssetDto: {
            /** @description NZD the owner accepts */
            value: number;
            /** @enum {string} */
            method: "property-calculator" | "startup-calculator" | "owner-estimate";
        };
        WrittenDto: {
            success: boolean;
            /** @description Event log position, for X-Read-After */
            position: number;
        };
        ValuePointDto: {
            at: string;
            totalValue: number;
            activeTokens: number;
            totalInvestors: number;
        };
        DashboardStatsDto: {
            /** @description NZD */
            totalValue: number;
            activeTokens: number;
            totalInvestors: number;
            /** @description Percent of the four compliance checks passed */
            complianceScore: number;
            /** @description The figures after each change, oldest first */
            valueHistory: components["schemas"]["ValuePointDto"][];
        };
        ActivityDto: {
            id: string;
            /** @enum {string} */
            type: "kyc" | "asset" | "investor" | "compliance";
            description: string;
            createdAt: string;
            assetId?: string;
            offeringId?: string;
            investmentId?: string;
            offeringName?: string;
        };
        InvestorDto: {
            id: string;
            name: string;
            email: string | null;
            assetId: string;
            assetName: string;
            tokensHeld: number;
            /** @description NZD */
            investmentValue: number;
            /** @description Share of the asset's tokens, percent */
            percentOwned: number;
            /**
             * @description off-platform: added by the owner, not verified by Kauri
             * @enum {string}
             */
            status: "verified" | "off-platform";
        };
        PersonDto: {
            id: string;
            /** @description The name on their account, else their e-mail */
            name: string;
            /** @description null for a forgotten or unknown person */
            email: string | null;
        };
        AssetForReviewDto: {
            id: string;
            ownerId: string;
            name: string;
            description: string;
            /** @enum {string} */
            assetType: "property" | "business" | "startup";
            address: string | null;
            /** @description NZD: the owner's figure at drafting, replaced by the accepted valuation */
            totalValue: number;
            tokenCount: number;
            /** @enum {string} */
            status: "draft" | "pending" | "active";
            /** @description The wizard step to resume at (1–5) */
            currentStep: number;
            documents: components["schemas"]["AssetDocumentDto"][];
            valuation: components["schemas"]["ValuationDto"] | null;
            /** @description The first accepted valuation */
            firstValuation: number | null;
            /** @description The owner’s terms; totalSupply is the supply now */
            terms: components["schemas"]["TokenTermsDto"] | null;
            /** @description The supply the tokenization was approved with, once a supply change moved it (Initial supply) */
            initialSupply: number | null;
            capTable: components["schemas"]["CapTableEntryDto"][];
            /** @description Why an admin sent it back, until submitted again */
            returnReason: string | null;
            createdAt: string;
            submittedAt: string | null;
            approvedAt: string | null;
            updatedAt: string;
            /** @description Real change since the first accepted valuation, percent; null until there is one */
            changePercent: number | null;
            owner: components["schemas"]["PersonDto"];
        };
        ReturnTokenizationDto: {
            reason: string;
        };
        AssetDocumentLinkDto: {
            id: string;
            /** @enum {string} */
            kind: "property-deed" | "valuation-report" | "financial-statements" | "company-constitution" | "shareholder-register";
            title: string;
            fileName: string;
            /** @description Bytes */
            size: number;
            sha256: string;
            uploadedAt: string;
            /** @description Where to download it */
            url: string;
        };
        TokenPriceDto: {
            /** @description NZD per token */
            price: number;
            /**
             * @description Always 'valuation': the latest accepted valuation (else the owner's figure) ÷ the current supply ('offering' is no longer given)
             * @enum {string}
             */
            source: "valuation" | "offering";
            at: string;
        };
        CapTableRowDto: {
            holder: string;
            email: string | null;
            /** @enum {string} */
            kind: "platform" | "off-platform";
            tokens: number;
            /** @description Percent of the supply */
            percent: number;
            /** @description The viewer's own holding */
            you: boolean;
        };
        AssetPageCapTableDto: {
            rows: components["schemas"]["CapTableRowDto"][];
            held: number;
            retained: number;
        };
        AssetOfferingLineDto: {
            id: string;
            name: string;
            /** @enum {string} */
            status: "active" | "closed";
            /** @description NZD, decimal string */
            tokenPrice: string;
            totalTokens: number;
            tokensIssued: number;
            tokensReserved: number;
            /** @description NZD, decimal string */
            fundsRaised: string;
            createdAt: string;
        };
        AssetHistoryItemDto: {
            at: string;
            /** @description The event type */
            event: string;
            /** @description In words, with no one's personal data */
            text: string;
            offeringId: string | null;
        };
        AssetPageDto: {
            id: string;
            name: string;
            /** @enum {string} */
            assetType: "property" | "business" | "startup";
            description: string;
            address: string | null;
            /** @enum {string} */
            status: "draft" | "pending" | "active";
            /** @description NZD: the accepted valuation, else the owner’s figure */
            value: number;
            valuation: components["schemas"]["ValuationDto"] | null;
            /** @description The supply now */
            tokenCount: number;
            /** @description The owner’s terms; totalSupply is the supply now */
            terms: components["schemas"]["TokenTermsDto"] | null;
            /** @description The supply the tokenization was approved with, once a supply change moved it (Initial supply) */
            initialSupply: number | null;
            documents: components["schemas"]["AssetDocumentLinkDto"][];
            /** @enum {string} */
            viewer: "owner" | "staff" | "investor";
            /** @description Named to staff; null for everyone else */
            owner: components["schemas"]["PersonDto"] | null;
            currentStep: number;
            changePercent: number | null;
            firstValuation: number | null;
            returnReason: string | null;
            createdAt: string;
            submittedAt: string | null;
            approvedAt: string | null;
            tokenPrice: components["schemas"]["TokenPriceDto"] | null;
            capTable: components["schemas"]["AssetPageCapTableDto"];
            offerings: components["schemas"]["AssetOfferingLineDto"][];
            /** @description Oldest first */
            history: components["schemas"]["AssetHistoryItemDto"][];
        };
        ComplianceCheckDto: {
            /** @enum {string} */
            id: "fma" | "aml" | "privacy" | "fmca";
            name: string;
            description: string;
            /**
             * @description A passed check past its expiry date reads as expired
             * @enum {string}
             */
            status: "passed" | "pending" | "failed" | "expired";
            expiryDate: string | null;
            lastUpdated: string | null;
            note: string | null;
        };
        ComplianceDeadlineDto: {
            /** @enum {string} */
            check: "fma" | "aml" | "privacy" | "fmca";
            name: string;
            expiryDate: string;
            daysLeft: number;
        };
        OpenReviewRequestDto: {
            requestId: string;
            requestedAt: string;
            message: string | null;
            /** @description The checks staff have recorded since it was asked for */
            recorded: ("fma" | "aml" | "privacy" | "fmca")[];
        };
        ComplianceHistoryEntryDto: {
            at: string;
            /** @enum {string|null} */
            check: "fma" | "aml" | "privacy" | "fmca" | null;
            /** @enum {string|null} */
            status: "passed" | "pending" | "failed" | "expired" | null;
            expiryDate: string | null;
            note: string | null;
            /** @description In words */
            event: string;
        };
        ComplianceOverviewDto: {
            checks: components["schemas"]["ComplianceCheckDto"][];
            /** @description Percent of the four checks passed */
            score: number;
            /** @enum {string} */
            label: "Excellent" | "Good" | "Needs Attention";
            /** @description Soonest first */
            deadlines: components["schemas"]["ComplianceDeadlineDto"][];
            openRequest: components["schemas"]["OpenReviewRequestDto"] | null;
            /** @description Newest first, at most 100 */
            history: components["schemas"]["ComplianceHistoryEntryDto"][];
        };
        ReviewRequestDto: {
            message?: string;
        };
        ComplianceReviewDto: {
            checks: components["schemas"]["ComplianceCheckDto"][];
            /** @description Percent of the four checks passed */
            score: number;
            /** @enum {string} */
            label: "Excellent" | "Good" | "Needs Attention";
            /** @description Soonest first */
            deadlines: components["schemas"]["ComplianceDeadlineDto"][];
            openRequest: components["schemas"]["OpenReviewRequestDto"] | null;
            /** @description Newest first, at most 100 */
            history: components["schemas"]["ComplianceHistoryEntryDto"][];
            ownerId: string;
            email: string | null;
        };
        RecordCheckDto: {
            /** @enum {string} */
            status: "passed" | "pending" | "failed" | "expired";
            /** @example 2027-06-30 */
            expiryDate?: string;
            note?: string;
        };
        UploadedEvidenceDto: {
            filename: string;
            /** @description Where to download it; the submission names it by this url */
            url: string;
            /** @description Its content type */
            type: string;
            /** @description Bytes */
            size: number;
        };
        WholesaleStatusDto: {
            /** @enum {string} */
            verificationStatus: "none" | "pending" | "verified" | "rejected" | "expired" | "revoked";
            isWholesaleInvestor: boolean;
            /** @enum {string|null} */
            verificationType: "high_net_worth" | "large_investment" | "professional" | null;
            verifiedAt: string | null;
            validUntil: string | null;
            rejectionReason: string | null;
            /** @description When the investor revoked their certificate (status revoked; distinct from expired, a lapse) */
            revokedAt: string | null;
        };
        VerificationDocumentRefDto: {
            filename: string;
            /** @description The url the upload answered with */
            url: string;
            type: string;
            size?: number;
        };
        SubmitVerificationDto: {
            /** @enum {string} */
            verificationType: "high_net_worth" | "large_investment" | "professional";
            /** @description NZD; for high_net_worth */
            netWorthAmount?: number;
            /** @description NZD; for large_investment */
            investmentAmount?: number;
            /**
             * @description For professional
             * @enum {string}
             */
            professionalType?: "lawyer" | "accountant" | "financial_advisor" | "other";
            verifierName: string;
            /** Format: email */
            verifierContact: string;
            verificationDocuments?: components["schemas"]["VerificationDocumentRefDto"][];
        };
        VerificationSubmittedDto: {
            success: boolean;
            /** @description Event log position, for X-Read-After */
            position: number;
            id: string;
            /** @enum {string} */
            status: "pending";
        };
        RevokeCertificateDto: {
            /** @description The written revocation in the investor’s own words, at least a sentence */
            statement: string;
        };
        CertificateRevokedDto: {
            success: boolean;
            /** @description Event log position, for X-Read-After */
            position: number;
            /** @enum {string} */
            status: "revoked";
            /** @description When it took effect: when it was recorded */
            revokedAt: string;
        };
        EvidenceLinkDto: {
            documentId: string;
            /** @description null once the investor is forgotten (the file is deleted) */
            fileName: string | null;
            contentType: string;
            size: number;
            sha256: string;
            url: string;
        };
        VerificationRecordDto: {
            id: string;
            userId: string;
            /** @enum {string} */
            verificationType: "high_net_worth" | "large_investment" | "professional";
            /** @enum {string} */
            status: "pending" | "verified" | "rejected" | "expired" | "revoked";
            netWorthAmount: number | null;
            investmentAmount: number | null;
            /** @enum {string|null} */
            professionalType: "lawyer" | "accountant" | "financial_advisor" | "other" | null;
            verifierName: string;
            verifierContact: string;
            rejectionReason: string | null;
            createdAt: string;
            verifiedAt: string | null;
            validUntil: string | null;
            /** @description The admin who decided */
            decidedBy: string | null;
            expiredAt: string | null;
            /** @description When the investor revoked it in writing */
            revokedAt: string | null;
            /** @description The name on the investor's account, else their e-mail */
            name: string;
            email: string | null;
            documents: components["schemas"]["EvidenceLinkDto"][];
        };
        VerificationsDto: {
            /** @description Newest first */
            verifications: components["schemas"]["VerificationRecordDto"][];
        };
        DecideVerificationDto: {
            /** @enum {string} */
            status: "verified" | "rejected";
            rejectionReason?: string;
        };
        EvidenceDocumentDto: {
            documentId: string;
            /** @description null once the investor is forgotten (the file is deleted) */
            fileName: string | null;
            contentType: string;
            size: number;
            sha256: string;
        };
        StoredVerificationDto: {
            id: string;
            userId: string;
            /** @enum {string} */
            verificationType: "high_net_worth" | "large_investment" | "professional";
            /** @enum {string} */
            status: "pending" | "verified" | "rejected" | "expired" | "revoked";
            netWorthAmount: number | null;
            investmentAmount: number | null;
            /** @enum {string|null} */
            professionalType: "lawyer" | "accountant" | "financial_advisor" | "other" | null;
            verifierName: string;
            verifierContact: string;
            documents: components["schemas"]["EvidenceDocumentDto"][];
            rejectionReason: string | null;
            createdAt: string;
            verifiedAt: string | null;
            validUntil: string | null;
            /** @description The admin who decided */
            decidedBy: string | null;
            expiredAt: string | null;
            /** @description When the investor revoked it in writing */
            revokedAt: string | null;
        };
        VerificationDecidedDto: {
            verification: components["schemas"]["StoredVerificationDto"] | null;
            /** @description Event log position, for X-Read-After */
            position: number;
        };
        AdminCountersDto: {
            pending: number;
            verified: number;
            rejected: number;
            activeOfferings: number;
        };
        ExpireVerificationsDto: {
            /** @description As of (YYYY-MM-DD: the end of that New Zealand day, or now while it is today; or a date-time with its zone), not after now; default now */
            asOf?: string;
        };
        VerificationsExpiredDto: {
            /** @description Certifications lapsed by this sweep */
            expired: number;
            position: number;
        };
        TokenHolderDto: {
            wallet: string;
            /** @description null for viewers other than the asset's owner and admins */
            personId: string | null;
            balance: number;
        };
        TokenTransactionDto: {
            /** @description suite, mint, unpause (the deployment); supply-mint, supply-burn (an approved supply change) */
            kind: string;
            /** @description Tokens minted or burnt; null for suite and unpause */
            amount: number | null;
            txHash: string | null;
            blockNumber: number | null;
            /** @enum {string} */
            status: "requested" | "submitted" | "confirmed" | "failed" | "not requested";
        };
        TokenDto: {
            chainId: number;
            tokenAddress: string | null;
            identityRegistryAddress: string | null;
            complianceAddress: string | null;
            symbol: string;
            name: string;
            /** @description Always 0: a token is a whole unit */
            decimals: number;
            totalSupply: number;
            /**
             * @description pending: set-up, deployment or mint not yet confirmed; deployed: minted and live; failed: a step failed
             * @enum {string}
             */
            status: "pending" | "deployed" | "failed";
            /** @description Block explorer base (links <url>/address/…, <url>/tx/…); null shows no links */
            explorerUrl: string | null;
            holders: components["schemas"]["TokenHolderDto"][];
            transactions: components["schemas"]["TokenTransactionDto"][];
        };
        WalletDto: {
            address: string | null;
            /** @description Its registration in the identity registry is confirmed on chain */
            registered: boolean;
            /** @description null without a chain */
            chainId: number | null;
        };
        ChainProblemDto: {
            txId: string;
            /** @description forced-transfer, mint, lock-up, register-identity, … */
            kind: string;
            assetId: string | null;
            investmentId: string | null;
            personId: string | null;
            /**
             * @description failed: refused or reverted; stuck: waits on nothing moving
             * @enum {string}
             */
            status: "failed" | "stuck";
            reason: string;
            /** @description POST /api/admin/chain/transactions/:txId/retry can ask for it again */
            retryable: boolean;
        };
        ChainProblemsDto: {
            problems: components["schemas"]["ChainProblemDto"][];
        };
        ChainRetryDto: {
            /** @description The new attempt */
            txId: string;
            /** @description The recipient’s wallet was not in the identity registry and is registered first */
            repaired: boolean;
            /** @description Event log position, for X-Read-After */
            position: number;
        };
        WalletChallengeRequestDto: {
            /** @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed */
            address: string;
            /**
             * @description What the signature agrees to: registering this wallet (the default) or receiving a wallet recovery’s tokens
             * @enum {string}
             */
            purpose?: "wallet" | "recovery";
        };
        WalletChallengeDto: {
            /** @description EIP-4361 message: this site, the chain id, the address, a single-use nonce */
            message: string;
            /** @description ISO time after which the message is refused (10 minutes) */
            expiresAt: string;
        };
        RegisterWalletDto: {
            /** @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed */
            address: string;
            /**
             * @description What the signature agrees to: registering this wallet (the default) or receiving a wallet recovery’s tokens
             * @enum {string}
             */
            purpose?: "wallet" | "recovery";
            /** @description The message of POST /api/wallet/challenge, exactly as issued */
            message: string;
            /**
             * @description EIP-191 signature of the message by the address (personal_sign)
             * @example 0x…
             */
            signature: string;
        };
        WalletRegisteredDto: {
            /** @description The address, checksummed */
            address: string;
            /** @description Event log position, for X-Read-After */
            position: number;
        };
        WalletRecoveryPersonDto: {
            id: string;
            /** @description The name on their account, else their e-mail */
            name: string;
        };
        WalletRecoveryStepDto: {
            /** @description The first attempt’s id (what an admin retries is `attemptId`) */
            txId: string;
            /** @description The latest attempt (`<txId>-retry-<n>` once retried) */
            attemptId: string;
            attempts: number;
            /** @description add-identity-key, recover, recovery-transfer, recovery-freeze or lock-up */
            kind: string;
            assetId: string | null;
            /** @enum {string} */
            status: "requested" | "submitted" | "confirmed" | "failed";
            txHash: string | null;
            /** @description The chain’s reason, when it failed */
            failure: string | null;
        };
        WalletRecoveryRecordDto: {
            id: string;
            investor: components["schemas"]["WalletRecoveryPersonDto"];
            /** @enum {string} */
            status: "open" | "approved" | "cancelled";
            /**
             * @description Waiting for the investor’s proof (own wallets), for another admin’s approval, the chain moving the tokens, done, a chain step failed (retry it), or cancelled
             * @enum {string}
             */
            stage: "awaiting-proof" | "awaiting-approval" | "moving" | "done" | "failed" | "cancelled";
            custodial: boolean;
            lostAddress: string;
            newAddress: string | null;
            /** @description How the identity was re-verified */
            reason: string;
            requestedBy: components["schemas"]["WalletRecoveryPersonDto"];
            requestedAt: string;
            provedAt: string | null;
            approvedBy: components["schemas"]["WalletRecoveryPersonDto"] | null;
            approvedAt: string | null;
            cancelledBy: components["schemas"]["WalletRecoveryPersonDto"] | null;
            cancelReason: string | null;
            steps: components["schemas"]["WalletRecoveryStepDto"][];
        };
        WalletRecoveryListDto: {
            /** @description Newest first */
            recoveries: components["schemas"]["WalletRecoveryRecordDto"][];
        };
        WalletRecoveryRequestDto: {
            /** @description The investor whose wallet is lost */
            personId: string;
            /** @description How the identity was re-verified */
            reason: string;
        };
        WalletRecoveryDto: {
            id: string;
            personId: string;
            /** @enum {string} */
            status: "open" | "approved" | "cancelled";
            /** @description The platform held the lost wallet’s key: it recovers to a new platform-held wallet */
            custodial: boolean;
            lostAddress: string;
            /** @description The new wallet (proven by the investor, or custodial) */
            newAddress: string | null;
        };
        WalletRecoveryCancelDto: {
            reason: string;
        };
        ChainFlowRebuildProgressDto: {
            startedAt: string;
            /** @description The position the fold from 0 has reached */
            position: number;
            /** @description The log’s head when the rebuild started */
            total: number;
        };
        ChainFlowRebuildOutcomeDto: {
            /** @enum {string} */
            outcome: "swapped" | "failed";
            startedAt: string;
            finishedAt: string;
            /** @description The position the fold from 0 reached */
            position: number;
            /** @description Events folded from position 0 */
            events: number;
            durationMs: number;
            /** @description The fold it replaced equalled the fold from 0 (null when it failed) */
            agreed: boolean | null;
            error: string | null;
        };
        ChainFlowStatusDto: {
            /** @description False with CHAIN=off (nothing is folded or sent) */
            enabled: boolean;
            chainId: number | null;
            /** @description The last log position folded into the outbox’s state */
            position: number;
            /** @description The log’s head position */
            head: number;
            /** @description Positions between the fold and the head while an event it follows is still to fold */
            lag: number;
            /** @description When the fold’s snapshot (its checkpoint in the read store) was last written or, at boot, read */
            snapshotAt: string | null;
            /** @description The log position that snapshot folds through */
            snapshotPosition: number | null;
            /** @description The fold’s version: a snapshot of another version is ignored (folded from 0) */
            version: number;
            /** @description This process folds the log */
            folding: boolean;
            /** @description The fold has read the history and follows live appends */
            caughtUp: boolean;
            /** @description This process sends chain transactions and writes the snapshot */
            sending: boolean;
            /** @description The position the fold started from at boot or rebuild (its snapshot’s, or 0) */
            resumedFrom: number;
            /** @description Events folded since then */
            eventsFolded: number;
            rebuilding: boolean;
            /** @description A rebuild under way */
            rebuild: components["schemas"]["ChainFlowRebuildProgressDto"] | null;
            /** @description The last rebuild here */
            lastRebuild: components["schemas"]["ChainFlowRebuildOutcomeDto"] | null;
        };
        ChainFlowRebuildStartedDto: {
            started: boolean;
            /** @description The rebuild’s own start is at or after this */
            requestedAt: string;
        };
        AssetSummaryDto: {
            id: string;
            name: string;
            /** @enum {string} */
            assetType: "property" | "business" | "startup";
            description: string;
            address: string | null;
            /** @enum {string} */
            status: "draft" | "pending" | "active";
            /** @description NZD: the accepted valuation, else the owner’s figure */
            value: number;
            valuation: components["schemas"]["ValuationDto"] | null;
            /** @description The supply now */
            tokenCount: number;
            /** @description The owner’s terms; totalSupply is the supply now */
            terms: components["schemas"]["TokenTermsDto"] | null;
            /** @description The supply the tokenization was approved with, once a supply change moved it (Initial supply) */
            initialSupply: number | null;
            documents: components["schemas"]["AssetDocumentLinkDto"][];
        };
        OfferingCardDto: {
            id: string;
            assetId: string;
            ownerId: string;
            name: string;
            description: string;
            totalTokens: number;
            /** @description NZD, decimal string */
            tokenPrice: string;
            /** @description NZD, decimal string: the least one investment may be — the offering's, never below the token terms' */
            minimumInvestment: string;
            /** @description Days */
            lockupPeriod: number;
            /** @enum {string} */
            status: "active" | "closed";
            /** @description Confirmed tokens */
            tokensIssued: number;
            /** @description Tokens held by pending investments */
            tokensReserved: number;
            /** @description NZD of confirmed investments, decimal string */
            fundsRaised: string;
            createdAt: string;
            /** @description NZD, decimal string: the most one investor may hold in the asset, all offerings together (the token terms') */
            maximumInvestment: string | null;
            asset: components["schemas"]["AssetSummaryDto"] | null;
            /** @description Tokens neither issued nor held by a pending investment */
            tokensAvailable: number;
            /** @description Issued ÷ total, percent to one decimal */
            percentIssued: number;
        };
        OfferingCardsDto: {
            /** @description Newest first */
            offerings: components["schemas"]["OfferingCardDto"][];
        };
        OfferingDto: {
            id: string;
            assetId: string;
            ownerId: string;
            name: string;
            description: string;
            totalTokens: number;
            /** @description NZD, decimal string */
            tokenPrice: string;
            /** @description NZD, decimal string */
            minimumInvestment: string;
            /** @description Days */
            lockupPeriod: number;
            /** @enum {string} */
            status: "active" | "closed";
            /** @description Confirmed tokens */
            tokensIssued: number;
            /** @description Tokens held by pending investments */
            tokensReserved: number;
            /** @description NZD of confirmed investments, decimal string */
            fundsRaised: string;
            createdAt: string;
        };
        OfferingsDto: {
            offerings: components["schemas"]["OfferingDto"][];
        };
        HoldingDto: {
            /** @description The wallet the investor uses now (platform-held or their own); null without a chain */
            walletAddress: string | null;
            /** @description That wallet's balance of the asset's token; null before the token is deployed or without a chain */
            onChainBalance: number | null;
            /** @description The register's count of the investor's tokens of the asset: what the balance should come to */
            onChainExpected: number | null;
            /** @description The transfer to the investor, once confirmed */
            chainTxHash: string | null;
            /**
             * @description null when no transfer was asked for (yet)
             * @enum {string|null}
             */
            chainTxStatus: "requested" | "submitted" | "confirmed" | "failed" | null;
            chainExplorerUrl: string | null;
            /** @description Why the transfer cannot be made: the chain refused it (with its reason), or it waits on something not on its way (the wallet’s registration); null otherwise */
            chainProblem: string | null;
            /** @description The holder's tokens of this asset in all: what the figures below are of */
            assetTokensHeld: number;
            /** @description How many of them are frozen */
            frozenTokens: number;
            /** @description Why they are frozen (a court order, a dispute) */
            frozenReason: string | null;
            /** @description Tokens promised to open transfers (proposed or accepted, not lapsed) */
            promisedTokens: number;
            /** @description How many open transfers those are */
            promisedTransfers: number;
            /** @description Tokens settling in approved transfers, until settled or failed */
            settlingTokens: number;
            /** @description How many approved transfers those are */
            settlingTransfers: number;
            id: string;
            investorId: string;
            /** @description null for tokens received in a transfer */
            offeringId: string | null;
            offeringName: string | null;
            assetId: string;
            ownerId: string;
            /**
             * @description offering: bought in an offering; transfer: received from another investor (domains/transfers)
             * @enum {string}
             */
            source: "offering" | "transfer";
            /** @description The transfer the tokens came in (source transfer) */
            transferId: string | null;
            /** @description Tokens bought in the offering, or received in the transfer */
            tokensBought: number;
            /** @description Tokens held now: bought (or received) less those transferred out since */
            tokensHeld: number;
            /** @description NZD paid, decimal string */
            purchasePrice: string;
            /** @description What the tokens held now cost (NZD, to the cent): the price paid, pro rata when some were transferred out */
            costHeld: number;
            /** @description NZD per token, decimal string */
            tokenPrice: string;
            purchaseDate: string;
            /** @enum {string} */
            status: "pending" | "confirmed" | "cancelled";
            /** @description End of the offering's lock-up */
            transferableFrom: string;
            cancellationReason: string | null;
            confirmedAt: string | null;
            cancelledAt: string | null;
        };
        HoldingsDto: {
            /** @description Newest first */
            holdings: components["schemas"]["HoldingDto"][];
        };
        InvestDto: {
            offeringId: string;
            tokensRequested: number;
            /** @description NZD, in whole cents */
            investmentAmount: number;
        };
        InvestedDto: {
            success: boolean;
            /** @description Event log position, for X-Read-After */
            position: number;
            id: string;
            /**
             * @description pending: above the settlement threshold, it waits for staff
             * @enum {string}
             */
            status: "confirmed" | "pending";
        };
        CreateOfferingDto: {
            assetId: string;
            name: string;
            description?: string;
            totalTokens: number;
            /** @example 125.00 */
            tokenPrice: string;
            /** @example 1000 */
            minimumInvestment?: string;
            /**
             * @description days
             * @example 365
             */
            lockupPeriod?: number;
        };
        InvestmentOfferingDto: {
            id: string;
            name: string;
            /** @enum {string} */
            status: "active" | "closed";
            /** @description Days */
            lockupPeriod: number;
        };
        InvestmentAssetDto: {
            id: string;
            name: string;
            /** @enum {string} */
            assetType: "property" | "business" | "startup";
        };
        InvestmentRowDto: {
            id: string;
            /** @enum {string} */
            status: "pending" | "confirmed" | "cancelled";
            /**
             * @description offering: bought in an offering; transfer: received from another investor (domains/transfers)
             * @enum {string}
             */
            source: "offering" | "transfer";
            /** @description The transfer the tokens came in (source transfer) */
            transferId: string | null;
            /** @description Held now: bought (or received) less those transferred out since */
            tokens: number;
            /** @description Tokens bought in the offering, or received in the transfer */
            tokensBought: number;
            /** @description NZD paid in all, decimal string */
            amountPaid: string;
            /** @description NZD per token paid, decimal string */
            tokenPricePaid: string;
            /** @description What the tokens held now cost (NZD, to the cent): the amount paid, pro rata when some were transferred out */
            costHeld: number;
            purchaseDate: string;
            confirmedAt: string | null;
            cancelledAt: string | null;
            cancellationReason: string | null;
            /** @description The first day the tokens may be transferred: the end of the holder's latest lock-up in the asset (the chain locks a holder's wallet until then) */
            transferableFrom: string;
            /** @description This purchase's own lock-up end */
            lockupEnds: string;
            /** @description NZD per token now */
            currentTokenPrice: number;
            /** @enum {string} */
            currentPriceSource: "valuation" | "purchase";
            /** @description tokens × current token price (NZD, to the cent) */
            currentValue: number;
            offering: components["schemas"]["InvestmentOfferingDto"] | null;
            asset: components["schemas"]["InvestmentAssetDto"] | null;
            offeringId: string;
            investorId: string;
            assetId: string;
            ownerId: string;
            tokensHeld: number;
            /** @description NZD paid, decimal string */
            purchasePrice: string;
            /** @description NZD per token, decimal string */
            tokenPrice: string;
            investor: components["schemas"]["PersonDto"];
        };
        InvestmentRowsDto: {
            /** @description Oldest first */
            investments: components["schemas"]["InvestmentRowDto"][];
        };
        CancelInvestmentDto: {
            reason: string;
        };
        HoldingOnChainDto: {
            /** @description The wallet the investor uses now (platform-held or their own); null without a chain */
            walletAddress: string | null;
            /** @description That wallet's balance of the asset's token; null before the token is deployed or without a chain */
            onChainBalance: number | null;
            /** @description The register's count of the investor's tokens of the asset: what the balance should come to */
            onChainExpected: number | null;
            /** @description The transfer to the investor, once confirmed */
            chainTxHash: string | null;
            /**
             * @description null when no transfer was asked for (yet)
             * @enum {string|null}
             */
            chainTxStatus: "requested" | "submitted" | "confirmed" | "failed" | null;
            chainExplorerUrl: string | null;
            /** @description Why the transfer cannot be made: the chain refused it (with its reason), or it waits on something not on its way (the wallet’s registration); null otherwise */
            chainProblem: string | null;
        };
        PortfolioInvestmentDto: {
            id: string;
            /** @enum {string} */
            status: "pending" | "confirmed" | "cancelled";
            /**
             * @description offering: bought in an offering; transfer: received from another investor (domains/transfers)
             * @enum {string}
             */
            source: "offering" | "transfer";
            /** @description The transfer the tokens came in (source transfer) */
            transferId: string | null;
            /** @description Held now: bought (or received) less those transferred out since */
            tokens: number;
            /** @description Tokens bought in the offering, or received in the transfer */
            tokensBought: number;
            /** @description NZD paid in all, decimal string */
            amountPaid: string;
            /** @description NZD per token paid, decimal string */
            tokenPricePaid: string;
            /** @description What the tokens held now cost (NZD, to the cent): the amount paid, pro rata when some were transferred out */
            costHeld: number;
            purchaseDate: string;
            confirmedAt: string | null;
            cancelledAt: string | null;
            cancellationReason: string | null;
            /** @description The first day the tokens may be transferred: the end of the holder's latest lock-up in the asset (the chain locks a holder's wallet until then) */
            transferableFrom: string;
            /** @description This purchase's own lock-up end */
            lockupEnds: string;
            /** @description NZD per token now */
            currentTokenPrice: number;
            /** @enum {string} */
            currentPriceSource: "valuation" | "purchase";
            /** @description tokens × current token price (NZD, to the cent) */
            currentValue: number;
            offering: components["schemas"]["InvestmentOfferingDto"] | null;
            asset: components["schemas"]["InvestmentAssetDto"] | null;
            /** @description The wallet the investor uses now (platform-held or their own); null without a chain */
            walletAddress: string | null;
            /** @description That wallet's balance of the asset's token; null before the token is deployed or without a chain */
            onChainBalance: number | null;
            /** @description The register's count of the investor's tokens of the asset: what the balance should come to */
            onChainExpected: number | null;
            /** @description The transfer to the investor, once confirmed */
            chainTxHash: string | null;
            /**
             * @description null when no transfer was asked for (yet)
             * @enum {string|null}
             */
            chainTxStatus: "requested" | "submitted" | "confirmed" | "failed" | null;
            chainExplorerUrl: string | null;
            /** @description Why the transfer cannot be made: the chain refused it (with its reason), or it waits on something not on its way (the wallet’s registration); null otherwise */
            chainProblem: string | null;
            /** @description The holder's tokens of this asset in all: what the figures below are of */
            assetTokensHeld: number;
            /** @description How many of them are frozen */
            frozenTokens: number;
            /** @description Why they are frozen (a court order, a dispute) */
            frozenReason: string | null;
            /** @description Tokens promised to open transfers (proposed or accepted, not lapsed) */
            promisedTokens: number;
            /** @description How many open transfers those are */
            promisedTransfers: number;
            /** @description Tokens settling in approved transfers, until settled or failed */
            settlingTokens: number;
            /** @description How many approved transfers those are */
            settlingTransfers: number;
        };
        InvestorPortfolioDto: {
            /** @description Current value of the confirmed holdings (NZD) */
            portfolioValue: number;
            /** @description What was paid for the tokens still held (NZD): tokens transferred out no longer count */
            invested: number;
            /** @description NZD of the investments awaiting settlement */
            pendingAmount: number;
            pendingCount: number;
            investments: components["schemas"]["PortfolioInvestmentDto"][];
        };
        InvestmentPageDto: {
            id: string;
            /** @enum {string} */
            status: "pending" | "confirmed" | "cancelled";
            /**
             * @description offering: bought in an offering; transfer: received from another investor (domains/transfers)
             * @enum {string}
             */
            source: "offering" | "transfer";
            /** @description The transfer the tokens came in (source transfer) */
            transferId: string | null;
            /** @description Held now: bought (or received) less those transferred out since */
            tokens: number;
            /** @description Tokens bought in the offering, or received in the transfer */
            tokensBought: number;
            /** @description NZD paid in all, decimal string */
            amountPaid: string;
            /** @description NZD per token paid, decimal string */
            tokenPricePaid: string;
            /** @description What the tokens held now cost (NZD, to the cent): the amount paid, pro rata when some were transferred out */
            costHeld: number;
            purchaseDate: string;
            confirmedAt: string | null;
            cancelledAt: string | null;
            cancellationReason: string | null;
            /** @description The first day the tokens may be transferred: the end of the holder's latest lock-up in the asset (the chain locks a holder's wallet until then) */
            transferableFrom: string;
            /** @description This purchase's own lock-up end */
            lockupEnds: string;
            /** @description NZD per token now */
            currentTokenPrice: number;
            /** @enum {string} */
            currentPriceSource: "valuation" | "purchase";
            /** @description tokens × current token price (NZD, to the cent) */
            currentValue: number;
            offering: components["schemas"]["InvestmentOfferingDto"] | null;
            asset: components["schemas"]["InvestmentAssetDto"] | null;
            /** @description The wallet the investor uses now (platform-held or their own); null without a chain */
            walletAddress: string | null;
            /** @description That wallet's balance of the asset's token; null before the token is deployed or without a chain */
            onChainBalance: number | null;
            /** @description The register's count of the investor's tokens of the asset: what the balance should come to */
            onChainExpected: number | null;
            /** @description The transfer to the investor, once confirmed */
            chainTxHash: string | null;
            /**
             * @description null when no transfer was asked for (yet)
             * @enum {string|null}
             */
            chainTxStatus: "requested" | "submitted" | "confirmed" | "failed" | null;
            chainExplorerUrl: string | null;
            /** @description Why the transfer cannot be made: the chain refused it (with its reason), or it waits on something not on its way (the wallet’s registration); null otherwise */
            chainProblem: string | null;
            /** @description The holder's tokens of this asset in all: what the figures below are of */
            assetTokensHeld: number;
            /** @description How many of them are frozen */
            frozenTokens: number;
            /** @description Why they are frozen (a court order, a dispute) */
            frozenReason: string | null;
            /** @description Tokens promised to open transfers (proposed or accepted, not lapsed) */
            promisedTokens: number;
            /** @description How many open transfers those are */
            promisedTransfers: number;
            /** @description Tokens settling in approved transfers, until settled or failed */
            settlingTokens: number;
            /** @description How many approved transfers those are */
            settlingTransfers: number;
            /** @enum {string} */
            viewer: "investor" | "owner" | "admin";
            investor: components["schemas"]["PersonDto"] | null;
        };
        InvestmentViewDto: {
            id: string;
            /** @enum {string} */
            status: "pending" | "confirmed" | "cancelled";
            /**
             * @description offering: bought in an offering; transfer: received from another investor (domains/transfers)
             * @enum {string}
             */
            source: "offering" | "transfer";
            /** @description The transfer the tokens came in (source transfer) */
            transferId: string | null;
            /** @description Held now: bought (or received) less those transferred out since */
            tokens: number;
            /** @description Tokens bought in the offering, or received in the transfer */
            tokensBought: number;
            /** @description NZD paid in all, decimal string */
            amountPaid: string;
            /** @description NZD per token paid, decimal string */
            tokenPricePaid: string;
            /** @description What the tokens held now cost (NZD, to the cent): the amount paid, pro rata when some were transferred out */
            costHeld: number;
            purchaseDate: string;
            confirmedAt: string | null;
            cancelledAt: string | null;
            cancellationReason: string | null;
            /** @description The first day the tokens may be transferred: the end of the holder's latest lock-up in the asset (the chain locks a holder's wallet until then) */
            transferableFrom: string;
            /** @description This purchase's own lock-up end */
            lockupEnds: string;
            /** @description NZD per token now */
            currentTokenPrice: number;
            /** @enum {string} */
            currentPriceSource: "valuation" | "purchase";
            /** @description tokens × current token price (NZD, to the cent) */
            currentValue: number;
            offering: components["schemas"]["InvestmentOfferingDto"] | null;
            asset: components["schemas"]["InvestmentAssetDto"] | null;
        };
        OfferingPageDto: {
            id: string;
            assetId: string;
            ownerId: string;
            name: string;
            description: string;
            totalTokens: number;
            /** @description NZD, decimal string */
            tokenPrice: string;
            /** @description NZD, decimal string: the least one investment may be — the offering's, never below the token terms' */
            minimumInvestment: string;
            /** @description Days */
            lockupPeriod: number;
            /** @enum {string} */
            status: "active" | "closed";
            /** @description Confirmed tokens */
            tokensIssued: number;
            /** @description Tokens held by pending investments */
            tokensReserved: number;
            /** @description NZD of confirmed investments, decimal string */
            fundsRaised: string;
            createdAt: string;
            /** @description NZD, decimal string: the most one investor may hold in the asset, all offerings together (the token terms') */
            maximumInvestment: string | null;
            asset: components["schemas"]["AssetSummaryDto"] | null;
            /** @description Tokens neither issued nor held by a pending investment */
            tokensAvailable: number;
            /** @description Issued ÷ total, percent to one decimal */
            percentIssued: number;
            /** @enum {string} */
            viewer: "staff" | "owner" | "investor";
            /** @description The viewer's own investments in it */
            myInvestments: components["schemas"]["InvestmentViewDto"][];
            canInvest: boolean;
        };
        RegisterHoldingDto: {
            investorId: string;
            tokens: number;
        };
        AllocationDto: {
            offeringId: string;
            allocated: number;
            issued: number;
            returned: number;
            closed: boolean;
            /** @description The offering's own stream has its OfferingCreated */
            created: boolean;
            allocatedAt: string | null;
            /** @description The offering stream's revision settled so far */
            settledThrough: number;
            /** @description The revision of the offering’s last fact that moves tokens */
            lastFact: number;
            /** @description The offering stream has its OfferingClosed */
            offeringClosed: boolean;
        };
        SupplyChangeRecordDto: {
            changeId: string;
            /** @description Positive: tokens to issue; negative: unissued tokens to cancel */
            delta: number;
            reason: string;
            /** @enum {string} */
            status: "pending" | "approved" | "rejected";
            requestedAt: string;
            decidedAt: string | null;
            decisionReason: string | null;
            supplyAfter: number | null;
        };
        FreezeRecordDto: {
            requestId: string;
            holderId: string;
            /** @enum {string} */
            action: "freeze" | "unfreeze";
            /** @enum {string} */
            scope: "address" | "tokens";
            tokens: number | null;
            reason: string;
            /** @description The admin who asked */
            requestedBy: string;
            requestedAt: string;
            /** @enum {string} */
            status: "pending" | "approved" | "rejected";
            decidedBy: string | null;
            decidedAt: string | null;
            decisionReason: string | null;
        };
        FrozenRecordDto: {
            holderId: string;
            /** @description The whole holding is frozen */
            address: boolean;
            /** @description Tokens frozen one by one */
            tokens: number;
            /** @description The last freeze’s reason */
            reason: string;
            since: string;
        };
        RegisterTotalsDto: {
            supply: number;
            /** @description Supply less everything held or offered */
            ownerRetained: number;
            offPlatform: number;
            /** @description Allocated to offerings and not (yet) issued */
            unsold: number;
            issued: number;
        };
        AssetRegisterDto: {
            assetId: string;
            ownerId: string;
            /** @enum {string} */
            status: "draft" | "pending" | "active";
            supply: number;
            /** @description Everyone holding tokens */
            holders: components["schemas"]["RegisterHoldingDto"][];
            /** @description Platform investors */
            investors: components["schemas"]["RegisterHoldingDto"][];
            offerings: components["schemas"]["AllocationDto"][];
            supplyChanges: components["schemas"]["SupplyChangeRecordDto"][];
            /** @description Freezes and unfreezes asked for, and their decisions */
            freezes: components["schemas"]["FreezeRecordDto"][];
            /** @description Holders with frozen tokens now */
            frozen: components["schemas"]["FrozenRecordDto"][];
            totals: components["schemas"]["RegisterTotalsDto"];
            /** @description NZD per token now: the latest valuation ÷ the current supply (what an offering form prefills) */
            tokenPriceNow: number | null;
            /**
             * @description Who approves transfers between its investors: the owner (admins may too), or Kauri’s admins only
             * @enum {string}
             */
            transferApproval: "owner" | "admin";
            updatedAt: string;
        };
        CapTableLineDto: {
            /** @enum {string} */
            kind: "platform" | "off-platform" | "offered" | "owner";
            investorId: string | null;
            name: string;
            email: string | null;
            tokens: number;
            /** @description Percent of the supply to two decimals; the lines sum to exactly 100 */
            percent: number;
            addedAt: string | null;
            /** @description Of these tokens, how many are frozen (issue 32) */
            frozenTokens: number;
            /** @description Why they are frozen */
            frozenReason: string | null;
        };
        CapTableViewDto: {
            assetId: string;
            supply: number;
            /** @description NZD per token */
            tokenPrice: number;
            lines: components["schemas"]["CapTableLineDto"][];
            /** @description The end of the NZ day replayed; null for now */
            asOf: string | null;
        };
        AddInvestorDto: {
            name: string;
            email?: string;
            tokens: number;
        };
        ChangeInvestorDto: {
            name: string;
            email?: string;
            tokens: number;
            reason: string;
        };
        ReasonDto: {
            reason: string;
        };
        TransferApprovalDto: {
            /**
             * @description owner: the owner (admins may too); admin: Kauri’s admins only
             * @enum {string}
             */
            approval: "owner" | "admin";
        };
        SupplyChangeDto: {
            /** @description Tokens to issue (positive) or cancel (negative) */
            delta: number;
            reason: string;
        };
        PendingSupplyChangeDto: {
            changeId: string;
            /** @description Positive: tokens to issue; negative: unissued tokens to cancel */
            delta: number;
            reason: string;
            /** @enum {string} */
            status: "pending" | "approved" | "rejected";
            requestedAt: string;
            decidedAt: string | null;
            decisionReason: string | null;
            supplyAfter: number | null;
            assetId: string;
            assetName: string;
            /** @description The owner who asked (an admin never decides their own) */
            ownerId: string;
            supply: number;
            ownerRetained: number;
        };
        PendingSupplyChangesDto: {
            /** @description Oldest first */
            supplyChanges: components["schemas"]["PendingSupplyChangeDto"][];
        };
        PendingFreezeDto: {
            requestId: string;
            holderId: string;
            /** @enum {string} */
            action: "freeze" | "unfreeze";
            /** @enum {string} */
            scope: "address" | "tokens";
            tokens: number | null;
            reason: string;
            /** @description The admin who asked */
            requestedBy: string;
            requestedAt: string;
            /** @enum {string} */
            status: "pending" | "approved" | "rejected";
            decidedBy: string | null;
            decidedAt: string | null;
            decisionReason: string | null;
            assetId: string;
            assetName: string;
            /** @description The asset's owner (never decides a freeze on their asset) */
            ownerId: string;
            /** @description The holder’s name */
            holderName: string;
            /** @description Tokens the holder holds of the asset */
            held: number;
            /** @description Of them frozen now */
            frozenTokens: number;
        };
        PendingFreezesDto: {
            /** @description Oldest first */
            freezes: components["schemas"]["PendingFreezeDto"][];
        };
        FreezeRequestDto: {
            /** @description The holder: a platform investor's user id, or the asset's owner (retained tokens) */
            holderId: string;
            /** @enum {string} */
            action: "freeze" | "unfreeze";
            /**
             * @description address: the whole holding; tokens: a number of them
             * @enum {string}
             */
            scope: "address" | "tokens";
            /** @description With scope tokens: how many */
            tokens?: number;
            /** @description Why: a court order, a dispute */
            reason: string;
        };
        DriftDto: {
            /** @description The read model (projection) showing the figure */
            readModel: string;
            /** @description The asset; null for an owner's or the platform's figure */
            assetId: string | null;
            /** @description Set when the figure is one offering's */
            offeringId: string | null;
            /** @description Set when the figure is an owner's (dashboard totals) */
            ownerId?: string;
            /** @description What differs: a total's name, or 'document' */
            field: string;
            /** @description The register's figure */
            expected: (number | string) | null;
            /** @description The read model's figure */
            actual: (number | string) | null;
        };
        ReconciliationStatusDto: {
            /** @description null until the first run has finished */
            ok: boolean | null;
            running: boolean;
            /** @description Assets compared in the last finished run */
            assets: number;
            checked: number;
            total: number;
            drift: components["schemas"]["DriftDto"][];
            /** @description Offerings whose newest facts the register was still to follow (not drift) */
            unsettled: number;
            startedAt: string | null;
            finishedAt: string | null;
            durationMs: number | null;
            error: string | null;
        };
        UserActorDto: {
            /** @enum {string} */
            kind: "user";
            userId: string;
            /** @description The roles held when acting */
            roles: ("admin" | "compliance")[];
        };
        AnonymousActorDto: {
            /** @enum {string} */
            kind: "anonymous";
        };
        SystemActorDto: {
            /** @enum {string} */
            kind: "system";
            /** @description The process that acted, e.g. stripe-webhook */
            name: string;
        };
        PersonNameDto: {
            name: string;
            /** @description Their key is gone (Privacy Act 2020) */
            forgotten: boolean;
        };
        EventMetadataDto: {
            eventId: string;
            schemaVersion: number;
            occurredAt: string;
            /** @description Who acted */
            actor: components["schemas"]["UserActorDto"] | components["schemas"]["AnonymousActorDto"] | components["schemas"]["SystemActorDto"];
            correlationId: string;
            causationId: string | null;
        };
        DecisionDto: {
            /** @description The person whose request it was (owner, investor, applicant) */
            requestedBy: string;
            /** @description Who decided it: a user id, or system:<name> */
            decidedBy: string;
        };
        AuditEventDto: {
            streamId: string;
            revision: number;
            /** @description Global position in the log */
            position: number;
            type: string;
            /** @description The event's own fields */
            data: {
                [key: string]: unknown;
            };
            metadata: components["schemas"]["EventMetadataDto"];
            /** @description For a decision on a request: who asked, who decided */
            decision: components["schemas"]["DecisionDto"] | null;
        };
        AuditNamesDto: {
            people: {
                [key: string]: components["schemas"]["PersonNameDto"];
            };
            streams: {
                [key: string]: string;
            };
        };
        AuditPageDto: {
            events: components["schemas"]["AuditEventDto"][];
            /** @description Where the next page starts; null at the end of the log */
            next: number | null;
            /** @description The log's head position */
            head: number;
            names: components["schemas"]["AuditNamesDto"];
        };
        CorrelationDto: {
            correlationId: string;
            events: components["schemas"]["AuditEventDto"][];
            names: components["schemas"]["AuditNamesDto"];
        };
        AggregateAtDto: {
            streamId: string;
            at: string;
            /** @description null for a stream no decider folds */
            aggregate: string | null;
            /** @description The last revision known then; -1 for none */
            revision: number;
            /** @description The folded state, as plain JSON */
            state: {
                [key: string]: unknown;
            } | null;
            events: components["schemas"]["AuditEventDto"][];
            /** @description Events recorded on the stream after the moment */
            laterEvents: number;
            names: components["schemas"]["AuditNamesDto"];
        };
        SubjectStandingDto: {
            subjectId: string;
            /** @description Events that carry their personal data */
            personalEvents: number;
            /** @description A customer under the AML/CFT Act (verified as a wholesale investor, or invested) */
            customer: boolean;
            relationshipEnded: string | null;
            /** @description Records must be kept until then */
            retainedUntil: string | null;
            forgotten: boolean;
        };
        ForgetPersonDto: {
            /** @example Request under the Privacy Act 2020, received 20 November 2026 */
            reason: string;
        };
        PersonForgottenDto: {
            subjectId: string;
            forgotten: boolean;
            position: number;
            /** @description Read models rebuilt to drop their copies of the personal data */
            rebuilding: string[];
        };
        TaxProfileViewDto: {
            /** @description False until the person saves one: then a resident without an IRD number is assumed */
            saved: boolean;
            /** @enum {string} */
            residency: "resident" | "non-resident";
            /** @description Nine digits */
            irdNumber: string | null;
            /** @enum {string|null} */
            rwtRate: "10.5" | "17.5" | "30" | "33" | "39" | null;
            treatyCountry: string | null;
            dateOfBirth: string | null;
            /** @description 01-0902-0068389-000 */
            bankAccount: string | null;
            savedAt: string | null;
        };
        TaxProfileDto: {
            /** @enum {string} */
            residency: "resident" | "non-resident";
            /** @description 8 or 9 digits; dashes and spaces allowed */
            irdNumber?: string | null;
            /**
             * @description RWT rate elected for interest, %
             * @enum {string|null}
             */
            rwtRate?: "10.5" | "17.5" | "30" | "33" | "39" | null;
            /** @description ISO 3166 alpha-2 (non-residents) */
            treatyCountry?: string | null;
            /** @description YYYY-MM-DD */
            dateOfBirth?: string | null;
            /** @description For direct credits: 01-0902-0068389-00 */
            bankAccount?: string | null;
        };
        DeclareDistributionDto: {
            /** @enum {string} */
            kind: "dividend" | "interest" | "rent" | "other";
            /**
             * @description NZD, whole cents
             * @example 1250.00
             */
            amount: string;
            /** @description YYYY-MM-DD: the holders at the end of that day in New Zealand */
            recordDate: string;
            /** @description YYYY-MM-DD, on or after the record date */
            paymentDate: string;
            /** @description A dividend’s imputation credits, NZD */
            imputationCredits?: string | null;
        };
        LinePaymentDto: {
            /** @enum {string|null} */
            method: "stablecoin" | "direct-credit" | "retained" | null;
            /** @enum {string} */
            status: "unpaid" | "pending" | "paid" | "retained" | "cancelled";
            txHash: string | null;
            /** @description The bank run’s reference */
            reference: string | null;
            paidAt: string | null;
        };
        DistributionLineDto: {
            /** @enum {string} */
            holderKind: "platform" | "off-platform" | "owner";
            investorId: string | null;
            name: string;
            /** @description Tokens held at the end of the record date */
            tokens: number;
            /** @description NZD */
            gross: string;
            /** @description NZD */
            imputationCredits: string;
            /** @description NZD */
            withholdingTax: string;
            /** @enum {string} */
            taxKind: "RWT" | "NRWT" | "none";
            /** @description Percent, e.g. 17.5 */
            taxRate: string;
            /** @description NZD */
            net: string;
            payment: components["schemas"]["LinePaymentDto"];
        };
        DistributionTotalsDto: {
            /** @description NZD: the declared amount */
            gross: string;
            /** @description NZD */
            withheld: string;
            /** @description NZD */
            net: string;
            /** @description NZD */
            imputationCredits: string;
        };
        DistributionPreviewDto: {
            /** @enum {string} */
            kind: "dividend" | "interest" | "rent" | "other";
            /** @description NZD */
            amount: string;
            /** @description NZD */
            imputationCredits: string;
            recordDate: string;
            paymentDate: string;
            /** @description The rate table entry used (its first date) */
            ratesFrom: string;
            /** @description NZD the owner funds: every line but the owner’s own */
            fundingDue: string;
            lines: components["schemas"]["DistributionLineDto"][];
            totals: components["schemas"]["DistributionTotalsDto"];
        };
        DeclaredDto: {
            success: boolean;
            /** @description Event log position, for X-Read-After */
            position: number;
            id: string;
            /** @enum {string} */
            status: "proposed";
        };
        RefundDto: {
            /**
             * @description none: nothing funded; pending: asked of the provider; failed: refused (operations ask again)
             * @enum {string}
             */
            status: "none" | "pending" | "refunded" | "failed";
            /** @description The provider’s refund (Stripe: re_…) */
            reference: string | null;
            /** @description Why the provider refused it */
            failure: string | null;
        };
        DistributionSummaryDto: {
            id: string;
            assetId: string;
            assetName: string;
            ownerId: string;
            ownerName: string;
            /** @enum {string} */
            kind: "dividend" | "interest" | "rent" | "other";
            /** @description NZD */
            amount: string;
            /** @description NZD */
            fundingDue: string;
            recordDate: string;
            paymentDate: string;
            /** @enum {string} */
            status: "proposed" | "approved" | "funded" | "paying" | "paid" | "cancelled";
            declaredAt: string;
            holders: number;
            /** @description NZD owed back to the owner after a cancellation */
            refundDue: string;
            refund: components["schemas"]["RefundDto"];
            /** @description The chain block the holders at the record date were checked against (null: not checked) */
            recordCheckBlock: number | null;
        };
        DistributionListDto: {
            distributions: components["schemas"]["DistributionSummaryDto"][];
        };
        DistributionDto: {
            /** @enum {string} */
            kind: "dividend" | "interest" | "rent" | "other";
            /** @description NZD */
            amount: string;
            /** @description NZD */
            imputationCredits: string;
            recordDate: string;
            paymentDate: string;
            /** @description The rate table entry used (its first date) */
            ratesFrom: string;
            /** @description NZD the owner funds: every line but the owner’s own */
            fundingDue: string;
            lines: components["schemas"]["DistributionLineDto"][];
            totals: components["schemas"]["DistributionTotalsDto"];
            id: string;
            assetId: string;
            assetName: string;
            /** @enum {string} */
            status: "proposed" | "approved" | "funded" | "paying" | "paid" | "cancelled";
            declaredAt: string;
            approvedAt: string | null;
            fundedAt: string | null;
            paidAt: string | null;
            /** @description The last card payment that failed */
            fundingFailure: string | null;
            /** @description A card payment of the funding is under way (processing, or awaiting the card’s authentication): funded once it clears */
            fundingPending: boolean;
            cancelReason: string | null;
            /** @description NZD funded and owed back after a cancellation */
            refundDue: string;
            /** @description The chain block the holders at the record date were checked against (null without a chain or before the run) */
            recordCheck: components["schemas"]["RecordCheckDto"] | null;
            /** @description The funding given back after a cancellation */
            refund: components["schemas"]["RefundDto"];
            /** @description CHAIN_EXPLORER_URL: a stablecoin payment’s transaction is at <url>/tx/<txHash>; null links nothing */
            chainExplorerUrl: string | null;
        };
        FundDistributionDto: {
            number?: string;
            /** @description MM/YY */
            expiry?: string;
            cvc?: string;
            /** @description Stripe: pm_… */
            paymentMethodId?: string;
        };
        CancelDistributionDto: {
            reason: string;
        };
        IncomeLineDto: {
            distributionId: string;
            assetId: string;
            assetName: string;
            /** @enum {string} */
            kind: "dividend" | "interest" | "rent" | "other";
            recordDate: string;
            paymentDate: string;
            /** @enum {string} */
            status: "proposed" | "approved" | "funded" | "paying" | "paid" | "cancelled";
            /** @description The NZ tax year (1 April – 31 March) of the payment date, by the year it ends */
            taxYear: number;
            tokens: number;
            /** @description NZD */
            gross: string;
            /** @description NZD */
            imputationCredits: string;
            /** @description NZD */
            withholdingTax: string;
            /** @enum {string} */
            taxKind: "RWT" | "NRWT" | "none";
            /** @description Percent */
            taxRate: string;
            /** @description NZD */
            net: string;
            payment: components["schemas"]["LinePaymentDto"];
        };
        TaxYearDto: {
            /** @description The year it ends: 2027 is 1 April 2026 – 31 March 2027 */
            taxYear: number;
            from: string;
            to: string;
            /** @description Distributions counted (approved and funded or paid) */
            distributions: number;
            /** @description NZD */
            gross: string;
            /** @description NZD */
            imputationCredits: string;
            /** @description NZD */
            withholdingTax: string;
            /** @description NZD */
            net: string;
        };
        IncomeDto: {
            lines: components["schemas"]["IncomeLineDto"][];
            taxYears: components["schemas"]["TaxYearDto"][];
            /** @description CHAIN_EXPLORER_URL: a stablecoin payment’s transaction is at <url>/tx/<txHash>; null links nothing */
            chainExplorerUrl: string | null;
        };
        ConfirmDirectCreditDto: {
            /** @description The bank’s reference for the run */
            bankReference: string;
        };
        WithheldTaxPeriodDto: {
            /** @description YYYY-MM */
            period: string;
            /** @enum {string} */
            taxKind: "RWT" | "NRWT";
            /** @description NZD withheld from the lines paid (distributions with a payment date in the month) */
            withheld: string;
            lines: number;
            /** @description NZD paid to Inland Revenue and confirmed */
            paid: string;
            /** @description NZD recorded as paid, awaiting a second admin */
            awaiting: string;
            /** @description NZD still owed to Inland Revenue (the liability) */
            outstanding: string;
            /** @description The 20th of the month after */
            dueDate: string;
        };
        TaxPaymentDto: {
            id: string;
            period: string;
            /** @enum {string} */
            taxKind: "RWT" | "NRWT";
            /** @description NZD */
            amount: string;
            paidOn: string;
            irReference: string;
            /** @enum {string} */
            status: "recorded" | "confirmed" | "rejected";
            recordedBy: string;
            recordedAt: string;
            confirmedBy: string | null;
            confirmedAt: string | null;
            rejectedBy: string | null;
            rejectedAt: string | null;
            rejectReason: string | null;
        };
        WithheldTaxDto: {
            periods: components["schemas"]["WithheldTaxPeriodDto"][];
            payments: components["schemas"]["TaxPaymentDto"][];
        };
        RecordTaxPaymentDto: {
            /** @description The month the tax was withheld in (YYYY-MM) */
            period: string;
            /** @enum {string} */
            taxKind: "RWT" | "NRWT";
            /** @description NZD paid */
            amount: string;
            /** @description The date it was paid (YYYY-MM-DD) */
            paidOn: string;
            /** @description Inland Revenue’s reference for the payment */
            irReference: string;
        };
        RejectTaxPaymentDto: {
            reason: string;
        };
        ProposeTransferDto: {
            assetId: string;
            /** @description The buyer: a verified wholesale investor (their user id) */
            toInvestorId: string;
            tokens: number;
            /**
             * @description NZD per token, decimal string
             * @example 12.50
             */
            pricePerToken: string;
        };
        TransferCreatedDto: {
            id: string;
            /** @enum {string} */
            status: "proposed";
            /** @description Event log position, for X-Read-After */
            position: number;
        };
        TransferDto: {
            id: string;
            assetId: string;
            assetName: string;
            fromInvestorId: string;
            toInvestorId: string;
            tokens: number;
            /** @description NZD per token, decimal string */
            pricePerToken: string;
            /** @description NZD the buyer pays, decimal string */
            amount: string;
            /** @enum {string} */
            status: "proposed" | "accepted" | "approved" | "settled" | "cancelled" | "expired" | "failed" | "abandoned";
            /** @description The DvP transaction (tokens and stablecoin) */
            txHash: string | null;
            /** @description Why settlement failed */
            refusal: string | null;
            /** @description Why an admin abandoned the failed settlement */
            abandonReason: string | null;
            /**
             * @description Who is looking: a party, the asset’s owner, or an admin who is neither (the asset’s screen)
             * @enum {string}
             */
            role: "seller" | "buyer" | "owner" | "admin";
            /**
             * @description Who approves it, as the asset’s setting says: its owner (admins may too) or Kauri’s admins only
             * @enum {string}
             */
            approver: "owner" | "admin";
            proposedAt: string;
            expiresAt: string;
        };
        TransferListDto: {
            transfers: components["schemas"]["TransferDto"][];
        };
        TransferWrittenDto: {
            id: string;
            status: string;
            /** @description Event log position, for X-Read-After */
            position: number;
        };
        AbandonTransferDto: {
            /** @description Why the failed settlement is given up (shown to the parties) */
            reason: string;
        };
        FieldError: {
            field: string;
            message: string;
        };
        ErrorBody: {
            message: string;
            /** @description A short title for the toast, when there is one (e.g. 'Subscription Required') */
            title?: string;
            errors?: components["schemas"]["FieldError"][];
            /** @description A card payment the payer's bank asks them to authenticate (3D Secure): the payment's client secret, for Stripe.js's handleNextAction */
            clientSecret?: string;
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
    HealthController_health: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Readiness. `status` is `ok`, or `degraded` with every failing check named in `failing`; HTTP 200 while the replica can serve (also when degraded by the chain, waiting chain transactions, drift or a failed domain check), 503 when it cannot (event or read store down, a projection stopped), the same for everyone. Anyone gets HealthDto (the verdict, `failing`, the chain’s `ok` and `kind`); an operator (the ops token or a signed-in admin) gets OperatorHealthDto: `reasons` in words, each store, each projection’s checkpoint and lag, the chain ({ ok, kind, chainId, head, drift, stablecoinDrift, pending, overdue, pendingBoundSeconds, node, problems }) and the domains’ own checks (register: the last reconciliation of the read models against the asset registers — ok, assets, drift, unsettled, checkedAt). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthDto"] | components["schemas"]["OperatorHealthDto"];
                };
            };
            /** @description Not ready: the same body, `ready: false` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthDto"] | components["schemas"]["OperatorHealthDto"];
                };
            };
        };
    };
    HealthController_live: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Always 200 while the process answers (restart it when not) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LivenessDto"];
                };
            };
        };
    };
    OperationsController_status: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Each projection's status, checkpoint, lag, rate (events/s over the last 10 s), last error, rebuild progress and last rebuild's outcome */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectionInfoDto"][];
                };
            };
        };
    };
    OperationsController_checksums: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A SHA-256 of each read model's documents and its checkpoint: compare with a fresh replay */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChecksumsDto"];
                };
            };
        };
    };
    OperationsController_rebuild: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rebuild started; follow its progress in GET /api/operations/projections */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RebuildStartedDto"];
                };
            };
        };
    };
    OperationsController_resume: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                name: string;
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
                    "application/json": components["schemas"]["ProjectionInfoDto"];
                };
            };
        };
    };
    IntegrityOperationsController_status: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The running or last hash-chain check: progress, and the first broken link if any */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrityStatusDto"];
                };
            };
        };
    };
    IntegrityOperationsController_start: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Check started (or joined); follow it in GET /api/operations/integrity */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrityStatusDto"];
                };
            };
        };
    };
    JobsOperationsController_status: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every background job with the replica holding it, its checkpoint and lag, and the live replicas */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobsStatusDto"];
                };
            };
        };
    };
    EarlyAccessController_register: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterInterestDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistrationReceiptDto"];
                };
            };
            /** @description A field is invalid: `{ message, errors: [{ field, message }] }` with the spec's texts */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'This email address has already registered interest.' */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Too many attempts. Please try again in N minutes.' with Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    EarlyAccessController_confirm: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmInterestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfirmationReceiptDto"];
                };
            };
            /** @description Not a confirmation token */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No registration with this token */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'This registration is already confirmed.' */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'This confirmation link has expired. Please register your interest again.' */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    EarlyAccessController_earlyAccess: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description With an ETag; 304 when If-None-Match names it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarlyAccessDto"];
                };
            };
        };
    };
    IdentityController_register: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterDto"];
            };
        };
        responses: {
            /** @description Signed in: sets the kauri.sid session cookie, the kauri.csrf cookie and the kauri.device cookie */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithPositionDto"];
                };
            };
            /** @description `{ message }`, e.g. 'Password must be at least 12 characters' */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'An account with this email already exists' */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Too many attempts. Please try again in N minutes.' with Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'This is unavailable for a moment. Please try again in a minute.' with Retry-After: the attempt limits could not be counted */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    IdentityController_startLogin: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider; to /auth when none is configured or it is unreachable */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'redirect_uri must be an address on <PUBLIC_URL's origin>' */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Too many attempts. Please try again in N minutes.' with Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    IdentityController_login: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginDto"];
            };
        };
        responses: {
            /** @description Signed in: sets the kauri.sid session cookie, the kauri.csrf cookie and the kauri.device cookie */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithPositionDto"];
                };
            };
            /** @description 'Invalid email or password' */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Too many attempts. Please try again in N minutes.', or for the account as a whole 'Too many failed sign-ins on this account. …', with Retry-After (seconds); the password is not checked */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'This is unavailable for a moment. Please try again in a minute.' with Retry-After: the attempt limits could not be counted */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    IdentityController_logout: {
        parameters: {
            query?: never;
            header?: {
                /** @description The kauri.csrf cookie, when signed in by cookie */
                "X-CSRF-Token"?: string;
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["SignedOutDto"];
                };
            };
            /** @description 'Invalid CSRF token' */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    IdentityController_current: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["UserDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    IdentityController_updateProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateProfileDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithPositionDto"];
                };
            };
            /** @description 'First name is required' / 'Last name is required' */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    IdentityController_bearerUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["UserDto"];
                };
            };
            /** @description Token invalid */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    IdentityController_authConfig: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["AuthConfigDto"];
                };
            };
        };
    };
    IdentityController_authCallback: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AuthCallbackDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthCallbackResponseDto"];
                };
            };
            /** @description `{ error, message }`: the provider’s error (e.g. access_denied) passed on */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `{ error, message }`: state not verified, or code refused by the provider */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminController_registrations: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["RegistrationsDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RoleOperationsController_changeRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleChangeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleChangedDto"];
                };
            };
        };
    };
    PasswordResetController_request: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetRequestDto"];
            };
        };
        responses: {
            /** @description { message: 'If an account exists for that email address, we have sent it a link to reset the password. The link works once, for 1 hour.' } */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordResetRequestedDto"];
                };
            };
            /** @description 'Too many attempts. Please try again in N minutes.' with Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'This is unavailable for a moment. Please try again in a minute.' with Retry-After: the attempt limits could not be counted */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PasswordResetController_reset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordChangedDto"];
                };
            };
            /** @description 'Password must be at least 12 characters', or the link is not valid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'This is unavailable for a moment. Please try again in a minute.' with Retry-After: the attempt limits could not be counted */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    EmailVerificationController_verify: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailVerificationDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailVerifiedDto"];
                };
            };
            /** @description 'This confirmation link is not valid or has been used. Please ask for a new one.' */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Your e-mail address is already confirmed.' (the link that confirmed it, opened again) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'This confirmation link has expired. Please ask for a new one.'; 'Your e-mail address is not in plain characters, so it cannot be confirmed. Please register with your address in plain characters.' (an address registered before it had to be plain) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Too many attempts. Please try again in N minutes.' with Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'This is unavailable for a moment. Please try again in a minute.' with Retry-After: the attempt limits could not be counted */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    EmailVerificationController_request: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description { message: 'We have sent you a new link to confirm your e-mail address. It works once, for 24 hours.' } */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailVerificationRequestedDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Your e-mail address is already confirmed.' */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Your e-mail address is not in plain characters, so it cannot be confirmed. Please register with your address in plain characters.' (an address registered before it had to be plain) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Too many attempts. Please try again in N minutes.' with Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'This is unavailable for a moment. Please try again in a minute.' with Retry-After: the attempt limits could not be counted */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CalculatorsController_analyze: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PropertyInputDto"];
            };
        };
        responses: {
            /** @description Property analysis result (docs/specification.md §3) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PropertyAnalysisDto"];
                };
            };
            /** @description Missing or invalid fields, with the spec's messages */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CalculatorsController_analyzeStartup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartupInputDto"];
            };
        };
        responses: {
            /** @description Startup analysis result (docs/specification.md §3) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartupAnalysisDto"];
                };
            };
            /** @description Missing or invalid fields, with the spec's messages */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CalculatorsController_pricing: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PricingInputDto"];
            };
        };
        responses: {
            /** @description setupFee, platformFeePercent, platformFee, total; the set-up fee is waived for an early-access registrant who is signed in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricingResultDto"];
                };
            };
        };
    };
    BillingController_plans: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["PlanDto"][];
                };
            };
        };
    };
    BillingController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSubscriptionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateSubscriptionResponseDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A monthly plan is already active */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BillingController_status: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["SubscriptionStatusDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BillingController_changePlan: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePlanDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanChangedDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No running monthly plan, the same plan, Starter, past due, or set to end */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BillingController_cancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["CancelSubscriptionResponseDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Nothing to cancel, or the Starter plan */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BillingController_overview: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["BillingOverviewDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BillingController_portal: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["PortalDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BillingController_confirmSandbox: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxPaymentDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessDto"];
                };
            };
            /** @description The card form is incomplete, e.g. 'Your card number is incorrect.' */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AssetController_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["AssetDto"][];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AssetController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAssetDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AssetController_one: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["AssetDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such asset, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AssetController_upload: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
                kind: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/pdf": string;
                "application/octet-stream": string;
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentUploadedDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AssetController_download: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document as it was uploaded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/msword": string;
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": string;
                    "image/jpeg": string;
                    "image/png": string;
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AssetController_value: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValueAssetDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TokensController_token: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["TokenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AssetController_configure: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenTermsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AssetController_submit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AssetController_stats: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["DashboardStatsDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AssetController_activities: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["ActivityDto"][];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AssetController_investors: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["InvestorDto"][];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AssetReviewController_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["AssetForReviewDto"][];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AssetReviewController_approve: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AssetReviewController_sendBack: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReturnTokenizationDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AssetPageController_overview: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["AssetPageDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such asset, or not yours to see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ComplianceController_overview: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["ComplianceOverviewDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ComplianceController_requestReview: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviewRequestDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ComplianceController_report: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The compliance report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ComplianceController_pds: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product disclosure statement */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ComplianceReviewController_queue: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["ComplianceReviewDto"][];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin or compliance */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ComplianceReviewController_record: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                ownerId: string;
                check: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordCheckDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin or compliance */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    EvidenceController_upload: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/pdf": string;
                "application/msword": string;
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document": string;
                "image/jpeg": string;
                "image/png": string;
                "application/octet-stream": string;
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadedEvidenceDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    EvidenceController_download: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The evidence as it was uploaded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/msword": string;
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": string;
                    "image/jpeg": string;
                    "image/png": string;
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    VerificationController_status: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["WholesaleStatusDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    VerificationController_submit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubmitVerificationDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationSubmittedDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    VerificationController_revoke: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RevokeCertificateDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CertificateRevokedDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    VerificationAdminController_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["VerificationsDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    VerificationAdminController_decide: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DecideVerificationDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationDecidedDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    VerificationAdminController_counters: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["AdminCountersDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    VerificationOperationsController_expire: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExpireVerificationsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationsExpiredDto"];
                };
            };
        };
    };
    TokensController_wallet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["WalletDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TokensController_registerWallet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterWalletDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletRegisteredDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TokensController_chainProblems: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["ChainProblemsDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TokensController_retryChainTransaction: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                txId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChainRetryDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TokensController_walletChallenge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WalletChallengeRequestDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletChallengeDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WalletRecoveryController_listRecoveries: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["WalletRecoveryListDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WalletRecoveryController_requestRecovery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WalletRecoveryRequestDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletRecoveryDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WalletRecoveryController_ownRecoveries: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["WalletRecoveryListDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WalletRecoveryController_proveRecovery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterWalletDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletRecoveryDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WalletRecoveryController_approveRecovery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletRecoveryDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WalletRecoveryController_cancelRecovery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WalletRecoveryCancelDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletRecoveryDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ChainOutboxOperationsController_status: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outbox's fold: its position, the log's head and lag, its snapshot, folding and sending, a rebuild's progress and the last one's outcome */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChainFlowStatusDto"];
                };
            };
        };
    };
    ChainOutboxOperationsController_rebuild: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rebuild started: drops the snapshot and folds the log from position 0 (sending pauses meanwhile); follow it in GET /api/operations/chain-outbox */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChainFlowRebuildStartedDto"];
                };
            };
        };
    };
    OfferingController_offerings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["OfferingCardsDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfferingController_mine: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["OfferingsDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfferingController_holdings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["HoldingsDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfferingController_invest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvestDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvestedDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfferingAdminController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOfferingDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfferingAdminController_close: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfferingAdminController_investments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["InvestmentRowsDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfferingAdminController_confirm: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                offeringId: string;
                investmentId: string;
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
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfferingAdminController_cancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                offeringId: string;
                investmentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelInvestmentDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfferingPagesController_investments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["InvestorPortfolioDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfferingPagesController_investment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["InvestmentPageDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such investment, or not yours to see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfferingPagesController_offering: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["OfferingPageDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such offering, or not yours to see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterController_register: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["AssetRegisterDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterController_capTable: {
        parameters: {
            query?: {
                /** @description YYYY-MM-DD (end of that day in NZ) or an ISO instant */
                asOf?: string;
            };
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["CapTableViewDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterController_capTableCsv: {
        parameters: {
            query: {
                asOf: string;
            };
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cap table, one row per holder */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterController_addInvestor: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddInvestorDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterController_changeInvestor: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
                investorId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangeInvestorDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterController_removeInvestor: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
                investorId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReasonDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterController_chooseTransferApproval: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransferApprovalDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterController_requestSupplyChange: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SupplyChangeDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterAdminController_pending: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["PendingSupplyChangesDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterAdminController_pendingFreezes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["PendingFreezesDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterAdminController_requestFreeze: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FreezeRequestDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterAdminController_approveFreeze: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
                requestId: string;
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
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterAdminController_rejectFreeze: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
                requestId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReasonDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterAdminController_approve: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
                changeId: string;
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
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterAdminController_reject: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
                changeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReasonDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ReconciliationController_status: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The running or last reconciliation: progress, assets compared, and every drift found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReconciliationStatusDto"];
                };
            };
        };
    };
    ReconciliationController_start: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Run started (or joined); follow it in GET /api/operations/reconciliation */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReconciliationStatusDto"];
                };
            };
        };
    };
    AuditController_timeline: {
        parameters: {
            query?: {
                /** @description A stream id or its start, e.g. 'offering-' or 'asset-7f…' */
                stream?: string;
                type?: string;
                /** @description A user id, an account's e-mail address (looked up by its keyed key), 'anonymous', or 'system:<name>' */
                actor?: string;
                from?: string;
                to?: string;
                /** @description Events after this global position (the previous page’s `next`) */
                after?: number;
                limit?: number;
            };
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["AuditPageDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin or compliance */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuditController_correlation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                correlationId: string;
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
                    "application/json": components["schemas"]["CorrelationDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin or compliance */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuditController_state: {
        parameters: {
            query: {
                /** @description The moment to look back to */
                at: string;
            };
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                streamId: string;
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
                    "application/json": components["schemas"]["AggregateAtDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin or compliance */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuditController_export: {
        parameters: {
            query: {
                /** @description A stream id or its start, e.g. 'offering-' or 'asset-7f…' */
                stream?: string;
                type?: string;
                /** @description A user id, an account's e-mail address (looked up by its keyed key), 'anonymous', or 'system:<name>' */
                actor?: string;
                from?: string;
                to?: string;
                format: "csv" | "json";
            };
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The filtered history, streamed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/json": string;
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin or compliance */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuditController_integrityStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["IntegrityStatusDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin or compliance */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuditController_verify: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrityStatusDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin or compliance */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuditController_subject: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                subjectId: string;
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
                    "application/json": components["schemas"]["SubjectStandingDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin or compliance */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuditController_forget: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                subjectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ForgetPersonDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonForgottenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin or compliance */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TaxProfileController_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["TaxProfileViewDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TaxProfileController_save: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaxProfileDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description A field is invalid (residency, the IRD number's check digit, an RWT rate or one without an IRD number, treaty country, date of birth, bank account): `{ message, errors: [{ field, message }] }` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DistributionController_preview: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeclareDistributionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DistributionPreviewDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DistributionController_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["DistributionListDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DistributionController_declare: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeclareDistributionDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeclaredDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DistributionController_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
                distributionId: string;
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
                    "application/json": components["schemas"]["DistributionDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DistributionController_fund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
                distributionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FundDistributionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DistributionController_cancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
                distributionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelDistributionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DistributionController_income: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["IncomeDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DistributionController_statement: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                taxYear: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The annual tax statement for a New Zealand tax year (named by the year it ends) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DistributionController_payerReport: {
        parameters: {
            query: {
                /** @description YYYY-MM */
                month: unknown;
            };
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payer’s investment income report for a month */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DistributionAdminController_list: {
        parameters: {
            query?: {
                status?: string;
            };
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["DistributionListDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DistributionAdminController_pay: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DistributionAdminController_directCredit: {
        parameters: {
            query: {
                /** @description The account the run is paid from: 02-0100-0123454-00 */
                fromAccount: unknown;
            };
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bulk direct-credit file (BNZ IB4B CSV) of the lines paid by bank transfer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DistributionAdminController_confirmDirectCredit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmDirectCreditDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DistributionAdminController_refund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DistributionAdminController_approve: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WithheldTaxController_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["WithheldTaxDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WithheldTaxController_record: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordTaxPaymentDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WithheldTaxController_confirm: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WithheldTaxController_reject: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RejectTaxPaymentDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrittenDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransfersController_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["TransferListDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransfersController_propose: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProposeTransferDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransferCreatedDto"];
                };
            };
            /** @description A field is invalid (tokens, price per token, the total, a transfer to yourself): `{ message, errors }` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Asset not found', or 'The buyer is not a Kauri investor' */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The checks refuse it: the asset is not approved; the buyer is not verified, lapsed or revoked, frozen or has no custody wallet; the tokens are frozen, locked up or claimed by other transfers; the holder limit; no chain or stablecoin */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransfersController_ofAsset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["TransferListDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Needs role admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransfersController_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["TransferDto"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransfersController_accept: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["TransferWrittenDto"];
                };
            };
            /** @description 'Invalid id' */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Only the buyer can accept this transfer' */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Transfer not found' (also to anyone it does not concern) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No longer proposed, expired, or the checks now refuse it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransfersController_approve: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["TransferWrittenDto"];
                };
            };
            /** @description 'Invalid id' */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not the asset’s owner or an admin (for some assets, only admins); a party to the transfer may not approve it (four eyes) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Transfer not found' (also to anyone it does not concern) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Already approved, not accepted yet, ended or expired, or the checks now refuse it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransfersController_retry: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["TransferWrittenDto"];
                };
            };
            /** @description 'Invalid id' */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description A party to the transfer may not retry its settlement (four eyes)
             *
             *     Needs role admin
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Transfer not found' */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not failed, abandoned, or no failed step to ask again; or the checks now refuse it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransfersController_abandon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AbandonTransferDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransferWrittenDto"];
                };
            };
            /** @description 'Invalid id', or no reason given: `{ message, errors }` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description A party to the transfer may not abandon it (four eyes)
             *
             *     Needs role admin
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Transfer not found' */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Settled, still settling, still open, already ended or already abandoned */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransfersController_cancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Read-your-writes: answer once the read models have passed this log position (a write answers with it) */
                "X-Read-After"?: number;
            };
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
                    "application/json": components["schemas"]["TransferWrittenDto"];
                };
            };
            /** @description 'Invalid id' */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 'Transfer not found' (also to anyone but its parties) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Settlement has started or the transfer has ended: it can no longer be cancelled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
