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
    # the tier with its English article ("treated as an organization deployment"); Chinese has none
    "scale.with_article.personal": ("a personal", "个人", "個人"),
    "scale.with_article.edge": ("an edge", "边缘", "邊緣"),
    "scale.with_article.team": ("a team", "团队", "團隊"),
    "scale.with_article.department": ("a department", "部门", "部門"),
    "scale.with_article.organization": ("an organization", "全组织", "全組織"),
}
