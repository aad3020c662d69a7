! race: yes
! A collapsed nest whose inner dimension carries a dependence.
program collapse_dep
  implicit none
  integer :: i, j
  real :: g(64, 64)
  g = 1.0
  !$omp parallel do collapse(2)
  do j = 1, 64
    do i = 2, 64
      g(i, j) = g(i - 1, j) + 1.0
    end do
  end do
  !$omp end parallel do
  print *, g(64, 64)
end program
