ALTER TABLE "worldpay_orders" ADD COLUMN "wp_3ds_url" varchar(2000);--> statement-breakpoint
ALTER TABLE "worldpay_orders" ADD COLUMN "wp_3ds_pareq" text;