-- A new quote row (its frozen tariffs, about 7 KB as jsonb) is kept inline and uncompressed up to
-- 8,160 bytes instead of being compressed and moved out of line past 2 KB: quote/alltariffs/list
-- writes one per call, and compressing it cost more PostgreSQL CPU than it saved (bench:alltariffs).
ALTER TABLE "quotes" SET (toast_tuple_target = 8160);
