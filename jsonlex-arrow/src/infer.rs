pub struct InferOptions;
pub fn infer_json_schema() {}
pub fn infer_json_schema_from_slice() {}
