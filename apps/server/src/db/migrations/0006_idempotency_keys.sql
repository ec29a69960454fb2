CREATE TABLE "idempotency_keys" (
	"idem_ausr_id" integer NOT NULL,
	"idem_route" varchar(50) NOT NULL,
	"idem_key" varchar(100) NOT NULL,
	"idem_request_hash" varchar(64) NOT NULL,
	"idem_response" jsonb NOT NULL,
	"idem_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_idem_ausr_id_idem_route_idem_key_pk" PRIMARY KEY("idem_ausr_id","idem_route","idem_key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("idem_created");