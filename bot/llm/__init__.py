"""Small-language-model backends behind one method (`LanguageModel.complete`), plus a scripted fake."""
