# Two systems written for BML 1 and bridge-markup, as players bring them:
# the Polish club indented by 3 spaces, the precision notes by 4, each made
# of several files joined by #INCLUDE. No bml_* setting: the default must do.
project = "Club notes"
author = "Kasia and Piotr"
extensions = ["sphinx_bml"]
bml_systems = {"polish": "polish", "precision": "precision"}
