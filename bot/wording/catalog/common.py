"""Separators, severity levels and deployment tiers, shared by many sentences (en, zh-Hans, zh-Hant)."""

from __future__ import annotations

COMMON_MESSAGES: dict[str, tuple[str, str, str]] = {
    "sep": ("; ", "；", "；"),  # joins clauses of one sentence
    "list_sep": (", ", "、", "、"),  # joins names in a list
    "period": (".", "。", "。"),
    "severity.high": ("high", "高", "高"),
    "severity.medium": ("medium", "中", "中"),
    "severity.low": ("low", "低", "低"),
    "scale.personal": ("personal", "个人", "個人"),
    "scale.edge": ("edge", "边缘", "邊緣"),
    "scale.team": ("team", "团队", "團隊"),
    "scale.department": ("department", "部门", "部門"),
    "scale.organization": ("organization", "全组织", "全組織"),
    # where the box stands (`Workload.placement`), said after "stands" / "放在"
    "placement.desk": ("at a desk", "桌边", "桌邊"),
    "placement.office": ("in an office with no server room", "没有机房的办公室", "沒有機房的辦公室"),
    "placement.datacenter": ("in a server room", "机房", "機房"),
    # the tier with its English article ("treated as an organization deployment"); Chinese has none
    # the class of work whose sourced request shape filled a length (`estimator.advice.request_shape`)
    "request_class.coding_agent": ("a coding agent's turn (the session so far is re-sent)", "代码智能体的一轮（每轮带上会话至今的内容）",
                                   "程式碼智能體的一輪（每輪帶上會話至今的內容）"),
    "request_class.code_completion": ("a code completion", "一次代码补全", "一次程式碼補全"),
    "request_class.rag": ("a RAG question (a few retrieved chunks in the prompt)", "一次 RAG 问答（提示里带几段检索片段）",
                          "一次 RAG 問答（提示裡帶幾段檢索片段）"),
    "request_class.classification": ("a classification or extraction (a label or a small JSON out)",
                                     "一次分类或抽取（输出一个标签或一小段 JSON）", "一次分類或抽取（輸出一個標籤或一小段 JSON）"),
    "request_class.summarization": ("a summary (the document is the prompt)", "一次摘要（文档本身就是输入）", "一次摘要（文件本身就是輸入）"),
    "request_class.reasoning": ("a reasoning model's answer (its thinking is output)", "推理模型的一次回答（思考过程也是输出）",
                                "推理模型的一次回答（思考過程也是輸出）"),
    "request_class.meeting_transcript": ("a meeting's minutes (its transcript is the prompt)", "一次会议纪要（会议转写稿就是输入）",
                                         "一次會議紀要（會議逐字稿就是輸入）"),
    "request_class.call_transcript": ("a call's summary (its transcript is the prompt)", "一次通话小结（通话转写稿就是输入）",
                                      "一次通話小結（通話逐字稿就是輸入）"),
    "request_class.chat": ("a chat turn", "一轮聊天", "一輪聊天"),
    "scale.with_article.personal": ("a personal", "个人", "個人"),
    "scale.with_article.edge": ("an edge", "边缘", "邊緣"),
    "scale.with_article.team": ("a team", "团队", "團隊"),
    "scale.with_article.department": ("a department", "部门", "部門"),
    "scale.with_article.organization": ("an organization", "全组织", "全組織"),
}
