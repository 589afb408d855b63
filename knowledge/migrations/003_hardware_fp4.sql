-- 003: dense FP4 tensor rate per device (Blackwell-class parts publish NVFP4/MXFP4 rates).
ALTER TABLE hardware ADD COLUMN fp4_tflops DOUBLE;
