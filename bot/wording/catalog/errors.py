"""Errors the core raises on input it cannot answer (a flag, a follow-up, a batch line), worded for the
reader: what is wrong and what to give instead (en, zh-Hans, zh-Hant)."""

from __future__ import annotations

ERROR_MESSAGES: dict[str, tuple[str, str, str]] = {
    "error.unknown_hardware": (
        "Unknown hardware id '{hardware}'. Run `siliconsult kb hardware` to list the ids.",
        "未知的硬件 id“{hardware}”。运行 `siliconsult kb hardware` 查看所有 id。",
        "未知的硬體 id「{hardware}」。執行 `siliconsult kb hardware` 查看所有 id。",
    ),
    "error.unknown_hardware.suggest": (
        "Unknown hardware id '{hardware}'. Did you mean: {ids}? Run `siliconsult kb hardware` to list the ids.",
        "未知的硬件 id“{hardware}”。你是不是指：{ids}？运行 `siliconsult kb hardware` 查看所有 id。",
        "未知的硬體 id「{hardware}」。你是不是指：{ids}？執行 `siliconsult kb hardware` 查看所有 id。",
    ),
    "error.no_price": (
        "No price on record for {hardware} ({id}), so it cannot be costed. Treat it as already owned, or pick a "
        "device with a known price (`siliconsult kb hardware`).",
        "{hardware}（{id}）没有价格记录，无法计算成本。可以把它当作已拥有的设备，或选择有已知价格的设备"
        "（`siliconsult kb hardware`）。",
        "{hardware}（{id}）沒有價格紀錄，無法計算成本。可以把它當作已擁有的裝置，或選擇有已知價格的裝置"
        "（`siliconsult kb hardware`）。",
    ),
    "error.no_price.owned": (
        "No price on record for {hardware}, so it cannot be costed; say if you already own it.",
        "{hardware} 没有价格记录，无法计算成本；如果你已经有这台设备，请告诉我。",
        "{hardware} 沒有價格紀錄，無法計算成本；如果你已經有這台裝置，請告訴我。",
    ),
    "error.no_stack": (
        "No serving stack on record for {hardware}.",
        "{hardware} 没有推理软件栈的记录。",
        "{hardware} 沒有推論軟體堆疊的紀錄。",
    ),
    "error.count_below_one": ("Count must be at least 1.", "数量至少为 1。", "數量至少為 1。"),
    "error.count_range": (
        "The count must be between {low} and {high}.",
        "数量必须在 {low} 到 {high} 之间。",
        "數量必須在 {low} 到 {high} 之間。",
    ),
    "error.negative_migration": ("Migration cost cannot be negative.", "迁移成本不能为负数。", "遷移成本不能為負數。"),
    "error.hardware_and_custom": (
        "Give either a hardware id or custom specs, not both.",
        "请给出硬件 id 或自定义规格，二选一。",
        "請給出硬體 id 或自訂規格，二選一。",
    ),
    "error.no_hardware": (
        "Missing hardware: give --hardware ID or --kind/--memory-gb/--bandwidth-gbs.",
        "缺少硬件：请给出 --hardware ID，或 --kind/--memory-gb/--bandwidth-gbs。",
        "缺少硬體：請給出 --hardware ID，或 --kind/--memory-gb/--bandwidth-gbs。",
    ),
    "error.unknown_quant": (
        "Unknown quantization '{quant}'. Use one of: {known}.",
        "未知的量化格式“{quant}”。可用的有：{known}。",
        "未知的量化格式「{quant}」。可用的有：{known}。",
    ),
    "error.params_not_positive": (
        "The model size must be a positive number of billions of parameters.",
        "模型规模必须是正数（单位：十亿参数）。",
        "模型規模必須是正數（單位：十億參數）。",
    ),
    "error.negative_speed_target": (
        "The speed target (tokens/s) must not be negative.",
        "速度目标（tokens/s）不能为负数。",
        "速度目標（tokens/s）不能為負數。",
    ),
    "error.unknown_model": (
        "Unknown model '{model}': not in the catalog (`siliconsult kb models`); give its size with --params-b to "
        "size it by the closest architecture.",
        "未知的模型“{model}”：不在目录中（`siliconsult kb models`）；请用 --params-b 给出它的规模，"
        "以便按最接近的架构估算。",
        "未知的模型「{model}」：不在目錄中（`siliconsult kb models`）；請用 --params-b 給出它的規模，"
        "以便按最接近的架構估算。",
    ),
    "error.no_users": (
        "{value} users: a recommendation needs at least one user. How many people will use the model at peak?",
        "{value} 位用户：推荐至少需要一位用户。高峰时会有多少人使用这个模型？",
        "{value} 位使用者：推薦至少需要一位使用者。尖峰時會有多少人使用這個模型？",
    ),
    "error.negative_budget": (
        "The budget is negative (${usd:,.0f}). Give a capex budget of $0 or more ($0 means only hardware you "
        "already own).",
        "预算为负数（${usd:,.0f}）。请给出 $0 或以上的采购预算（$0 表示只用已有的硬件）。",
        "預算為負數（${usd:,.0f}）。請給出 $0 或以上的採購預算（$0 表示只用已有的硬體）。",
    ),
    "error.power_not_positive": (
        "The power budget must be a positive number of watts.",
        "功耗预算必须是正数（瓦）。",
        "功耗預算必須是正數（瓦）。",
    ),
}
