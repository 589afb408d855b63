-- 020 (issue 27, complete catalog): the share of a device's GPU compute units a power mode keeps powered.
-- Jetson nvpmodel profiles power-gate TPCs as well as capping clocks (the AGX Orin 64 GB's MODE_15W sets
-- TPC_PG_MASK 248: 3 of 8 TPCs on), so a mode's tensor rate is the top mode's x clock ratio x this share ratio.
-- Nullable: empty = every unit the device row counts.
ALTER TABLE power_modes ADD COLUMN active_gpu_share DOUBLE;
