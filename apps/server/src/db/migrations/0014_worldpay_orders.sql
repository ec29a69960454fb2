CREATE TABLE "worldpay_orders" (
	"wp_customer_order_code" varchar(64) PRIMARY KEY NOT NULL,
	"wp_order_code" varchar(100),
	"wp_state" varchar(10) NOT NULL,
	"wp_amount_pence" integer NOT NULL,
	"wp_currency" char(3) NOT NULL,
	"wp_message" varchar(300) DEFAULT '' NOT NULL,
	"wp_created" timestamp with time zone NOT NULL
);
