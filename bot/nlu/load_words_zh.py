"""Chinese words of load, spend, power scope and constraints, as data (compiled in `bot.nlu.load`).

Simplified only: the text is folded from Traditional before it is read (`bot.nlu.fold`, OpenCC), so
"每個機櫃" is read as "每个机柜". Keep words here; the grammar is `bot.nlu.load`.
"""

from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {
    "request_nouns": ("(?:个|次|条|通)?\\s*(?:api\\s*)?(?:请求|调用|呼叫|request|requests|query|queries|call|calls)",
                      "(?:个|位|次|通|场)?\\s*(?:客户咨询|客户|咨询|对话|会话|提问|问题)",
                      "(?:个|次|条|则)?\\s*(?:消息|讯息|信息|查询)", "次(?![方数])"),
    "per_person": ("每人", "每个人", "每位", "每名", "人均"),
    # a conversation's turns, each a request ("两千次对话，每次来回 5 轮", "每个会话平均 6 轮问答")
    "conversation_nouns": ("对话", "会话", "聊天", "咨询"),
    "turn_nouns": ("轮(?:问答|对话)?", "个?回合", "次来回"),
    "each_conversation": ("每(?:次|个|场|通)?\\s*(?:对话|会话|聊天|咨询)?\\s*(?:平均)?\\s*(?:来回)?",),
    "on_average": ("平均",),
    # requests in flight together, said before the count ("一次只处理 1 个请求", "同时 3 个请求", "并发 12 个请求"):
    # a concurrency (text is normalized to Simplified), never a rate missing its unit
    "in_flight_before": ("一次", "每次", "同时", "并发", "一起"),
    "each_second": ("每秒钟?", "[一1]\\s*秒钟?"),
    "each_minute": ("每分钟", "[一1]\\s*分钟"),
    "each_hour": ("每小时", "每个小时", "[一1]\\s*(?:个)?小时"),
    "second": ("每秒钟?", "[一1]\\s*秒钟?", "/\\s*秒"),
    "minute": ("每分钟", "[一1]\\s*分钟", "/\\s*分钟?"),
    "hour": ("每小时", "[一1]\\s*(?:个)?小时", "每个小时", "/\\s*小时"),
    "day": ("每天", "每日", "[一1]\\s*天", "日均", "/\\s*天"),
    "month": ("每个?月", "[一1]\\s*个月", "月均", "/\\s*月"),
    "daily": ("每天", "每日", "[一1]\\s*天", "日均", "/\\s*天"),
    "monthly": ("每个?月", "[一1]\\s*个月", "月均", "/\\s*月", "月费"),
    "per_second_rate": ("qps", "rps"),
    "tokens": ("(?:个\\s*)?tokens?", "(?:个\\s*)?词元"),
    # a token rate over all users, not one user's speed ("总吞吐每秒8000 token", "整体每秒 6000 token")
    "total_rate_cue": ("总", "整体", "吞吐", "合计", "加起来", "集群", "全部用户", "所有用户"),
    "text_nouns": ("日志", "文本", "文档", "文件", "数据", "记录", "纪录", "邮件", "对话", "工单", "合约", "合同"),
    "spread_hours": ("(?:分布在|集中在|分散在)\\s*(?:上班|白天|工作时间|营业时间)?\\s*(?:的)?\\s*(?P<hz>\\d{1,2})\\s*个?小时",),
    "peak_factor": ("(?:高峰|峰值|尖峰)[^\\d,;.]{0,8}(?:平均|均值|平时)[^\\d,;.]{0,3}(?P<fz>\\d+(?:\\.\\d+)?)\\s*倍",),
    "base_cue": ("平时", "平常", "通常", "一般", "日常", "大部分时间", "平均", "平日", "闲时"),
    # a peak's time said instead of the word ("月初结账时", "发版前", "旺季"), or a rise to it ("会到 120 个")
    "peak_cue": ("高峰", "尖峰", "峰值", "最多", "最高", "忙时", "最忙", "忙的时候", "早上\\d", "上午\\d",
                 "月初", "月底", "月末", "季末", "年底", "结账", "结帐", "旺季", "大促", "促销", "发版", "上线前",
                 "会到", "会涨到", "能到", "涨到", "冲到", "飙到", "升到"),
    # a spend verb or bill right before a bare amount ("每月API花2万"): yuan (or NT$ in Traditional text)
    "spend_word": ("花费?", "[账帐]单(?:是|为|大概|约)?", "费用(?:是|为|大概|约)?", "支出", "开销"),
    "spend_context": ("api", "[账帐]单", "费用", "花费", "开销", "支出", "花", "付"),
    "share_cue": ("同时", "在用", "在线", "并发", "活跃"),
    "per_rack": ("每个?机柜", "每个?机架", "单个?机柜", "单个?机架", "每柜", "机柜.{0,4}(?:上限|最多|限制|不能超过)"),
    "per_server": ("单台(?:服务器|机器|主机)?", "每台(?:服务器|机器|主机)?", "单机", "每个节点"),
    "racks": ("(?:个)?\\s*机柜", "(?:个)?\\s*机架"),
    "lora": ("(?:个)?\\s*lora\\s*(?:适配器|adapter)?", "(?:个)?\\s*适配器"),
    "vendor_exclusion_cue": ("不能用", "不可以用", "不允许用", "不准用", "不得使用", "不得用", "禁用", "禁止使用?", "不用", "不要用?",
                             "别用", "排除", "不考虑", "不能采购", "不能买"),
    "vendor.NVIDIA": ("英伟达", "n卡", "辉达"),
    "vendor.AMD": ("a卡", "超威"),
    "vendor.Intel": ("英特尔",),
    "vendor.Apple": ("苹果",),
    "vendor.Huawei": ("华为",),
    "air_gapped": ("内网环境", "纯内网", "完全内网", "只能内网", "必须(?:本地|私有化)部署", "只能(?:本地|私有化)部署",
                   "一定要\\s*on[- ]?prem", "完全离线", "物理隔离", "隔离网络?", "断网", "不能(?:连外|联网|上网|出网|上云)",
                   "不能用(?:任何)?(?:云|公有云|外部api|云服务)", "不允许(?:上云|联网|用云)", "数据不(?:能|可以)出"),
    "careful_quantization": ("不要?(?:随便|随意|轻易|过度)量化", "不能(?:随便|随意|轻易)?量化", "精度(?:不能|不可以)(?:掉|降|损失)",
                             "不能(?:掉|损失)精度", "精度掉了"),
    "mixed_training": ("同[一1](?:批|台|套|组)?(?:机器|硬件|服务器|gpu|卡).{0,12}(?:训练|微调)",
                       "(?:训练|微调).{0,12}同[一1](?:批|台|套|组)?(?:机器|硬件|服务器|gpu|卡)"),
    "channels": ("路(?:\\s*并发)?\\s*(?:通话|电话|呼叫|语音|视频|流|会话|坐席)?",),
}

__all__ = ["WORDS"]
